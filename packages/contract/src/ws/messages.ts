/** The websocket's path; its messages are `ServerMessage` and `ClientMessage` (`messages.schemas.ts`). */
export const WS_PATH = '/api/ws';
