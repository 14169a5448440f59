import { ingestEvents } from '@pitboss/contract';

/** Where a platform sends its events: this console's own address (the API and the console share it). */
export function ingestEventsUrl(): string {
  return new URL(ingestEvents.path, window.location.origin).toString();
}
