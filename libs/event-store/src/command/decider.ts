/** What the generic command handler needs from an aggregate (a decider, in the functional style). */
export type Decision<TEvent, TResult = unknown> =
  { ok: true; events: TEvent[]; result?: TResult } | { ok: false; code: string; message: string };

export interface Decider<TCommand, TEvent, TState, TResult = unknown> {
  initialState(): TState;
  evolve(state: TState, event: TEvent): TState;
  decide(command: TCommand, state: TState): Decision<TEvent, TResult>;
}

/** Maps a domain event to the stored shape and back; keeps the store ignorant of the domain. */
export interface EventCodec<TEvent> {
  encode(event: TEvent): { type: string; data: unknown };
  decode(type: string, data: unknown): TEvent | null;
}
