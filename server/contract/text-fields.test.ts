import { describe, expect, it } from 'vitest';
import type { z } from 'zod/v4';
import { PublicProjectBody } from './projects';
import { CreateScheduleBody, UpdateScheduleBody } from './schedules';
import { CardBody, NewSectionBody, RoomBody, SectionChangesBody } from './summary';
import { ONE_LINE_MESSAGE } from './text-fields';
import { WorkspaceProjectForm } from './workspace-projects';

/** docs/decisions/246: A title with a line break inside is refused with one clear message. */

const messagesAt = (schema: z.ZodType, body: object, field: string) =>
  (schema.safeParse(body).error?.issues ?? []).filter((issue) => issue.path.join('.') === field).map((issue) => issue.message);

const TITLES: Array<[string, z.ZodType, object, string]> = [
  ['a schedule (new)', CreateScheduleBody, { projectId: 'p', description: 'd' }, 'title'],
  ['a schedule (changed)', UpdateScheduleBody, {}, 'title'],
  ['a workspace project', WorkspaceProjectForm, {}, 'projectName'],
  ['a portfolio project', PublicProjectBody, {}, 'projectName'],
  ['a room', RoomBody, {}, 'name'],
  ['a section (new)', NewSectionBody, {}, 'title'],
  ['a section (changed)', SectionChangesBody, {}, 'title'],
  ['a card', CardBody, {}, 'title'],
];

describe('titles are one line', () => {
  it.each(TITLES)('%s refuses CR, LF and the Unicode line separators', (_name, schema, rest, field) => {
    for (const broken of ['Kitchen\nBath', 'Kitchen\r\nBath', 'Kitchen\rBath', 'Kitchen\u2028Bath']) {
      expect(messagesAt(schema, { ...rest, [field]: broken }, field)).toEqual([ONE_LINE_MESSAGE]);
    }
  });

  it.each(TITLES)('%s takes one line, and trims a line break at either end', (_name, schema, rest, field) => {
    expect(messagesAt(schema, { ...rest, [field]: 'Kitchen & Bath' }, field)).toEqual([]);
    expect(messagesAt(schema, { ...rest, [field]: '\r\nKitchen\n' }, field)).toEqual([]);
  });
});
