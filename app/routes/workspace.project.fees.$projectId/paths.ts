/** The address of a project's fee page (docs/decisions/428). */
export const feesPath = (projectId: string) => `/workspace/project/fees/${encodeURIComponent(projectId)}`;
