/** The address of a project's time page (docs/decisions/373), at a week when one is named. */
export const timePath = (projectId: string, week?: string | null) => `/workspace/project/time/${encodeURIComponent(projectId)}${week ? `?week=${encodeURIComponent(week)}` : ''}`;
