import ical, { ICalCalendarMethod } from 'ical-generator';
import type { CalendarEvent } from '../contract/calendar.js';

const STATUS_WORDS: Record<string, string> = { todo: 'in progress', review: 'in review', done: 'done' };

/**
 * A person's calendar as RFC 5545 text (docs/decisions/112): one all-day event per task due date
 * and per schedule, with stable UIDs so a calendar app updates an event instead of adding it again.
 */
export function icalFeed(name: string, events: CalendarEvent[], product: string, stamp: Date = new Date()): string {
  const calendar = ical({ name, prodId: { company: product, product: 'Workspace', language: 'EN' }, ttl: 60 * 60 });
  calendar.method(ICalCalendarMethod.PUBLISH);
  for (const event of events) {
    const isTask = event.kind === 'task';
    calendar.createEvent({
      id: `${event.kind}-${event.id}@archivista`,
      start: new Date(`${event.date}T00:00:00Z`),
      allDay: true,
      stamp,
      summary: isTask ? `Task due: ${event.title}` : `Schedule: ${event.title}`,
      description: isTask ? `${event.detail}\n\nStatus: ${STATUS_WORDS[event.status ?? ''] ?? event.status}` : `Project: ${event.detail}`,
    });
  }
  return calendar.toString();
}
