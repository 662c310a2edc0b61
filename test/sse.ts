// Reads a whole text/event-stream response into events (data parsed as JSON where it is JSON).
import { parseSse } from '../providers/transport/sse.ts';

export interface SseEvent {
  event?: string;
  data: unknown;
}

export async function readSse(res: Response): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  for await (const msg of parseSse(res.body as unknown as AsyncIterable<Buffer>)) {
    let data: unknown = msg.data;
    try {
      data = JSON.parse(msg.data);
    } catch {
      // `[DONE]` and other non-JSON payloads stay as text.
    }
    events.push(msg.event === undefined ? { data } : { event: msg.event, data });
  }
  return events;
}
