import { isRealDay } from '../../../server/contract/dates';

/**
 * The address of a project's time page (docs/decisions/373), at a week when one is named. Only a
 * real day is kept: a posted week is never echoed into a redirect's header unchecked.
 */
export const timePath = (projectId: string, week?: string | null) =>
  `/workspace/project/time/${encodeURIComponent(projectId)}${week && isRealDay(week) ? `?week=${encodeURIComponent(week)}` : ''}`;
