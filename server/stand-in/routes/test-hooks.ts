import type { FastifyInstance } from 'fastify';
import type { StandInContext } from '../context';
import { ApiError } from '../errors';
import { parseFaultTable } from '../faults';
import { pactStateSetups, type StateName, type StateParams } from '../pact-states';

/** Hooks under /__stand-in for tests and manual poking; the real main site has nothing here. */
export const HOOK_PREFIX = '/__stand-in';

export function registerTestHookRoutes(app: FastifyInstance, ctx: StandInContext): void {
  const pactStates = pactStateSetups(ctx);

  app.get(`${HOOK_PREFIX}/calls`, async (request) => {
    const { path } = request.query as Record<string, unknown>;
    return ctx.recorder.calls(typeof path === 'string' && path !== '' ? path : undefined);
  });

  app.delete(`${HOOK_PREFIX}/calls`, async (_request, reply) => {
    ctx.recorder.clear();
    return reply.code(204).send();
  });

  app.get(`${HOOK_PREFIX}/sms`, async () => ctx.state.smsCodes());

  // Pact's provider-state protocol, so a verifier can put the stand-in into each state the main-site pact names.
  app.post(`${HOOK_PREFIX}/pact-states`, async (request) => {
    const { state, params, action } = (request.body ?? {}) as Record<string, unknown>;
    // Nothing a setup makes needs undoing (every session state has an account of its own); an
    // interaction without a state is announced with an empty one.
    if (action === 'teardown' || state === '' || state === undefined) return {};
    const setup = typeof state === 'string' && Object.hasOwn(pactStates, state) ? pactStates[state as StateName] : undefined;
    if (!setup)
      throw new ApiError(400, 'provider_state_unknown', `No provider state "${String(state)}" (server/stand-in/pact-states.ts)`, 'state');
    const isRecord = params !== null && typeof params === 'object' && !Array.isArray(params);
    return setup(isRecord ? (params as StateParams) : {});
  });

  app.get(`${HOOK_PREFIX}/faults`, async () => ctx.faults.get());

  app.put(`${HOOK_PREFIX}/faults`, async (request) => {
    try {
      ctx.faults.set(parseFaultTable(request.body));
    } catch (error) {
      throw new ApiError(400, 'fault_table_invalid', (error as Error).message);
    }
    return ctx.faults.get();
  });

  app.delete(`${HOOK_PREFIX}/faults`, async (_request, reply) => {
    ctx.faults.clear();
    return reply.code(204).send();
  });
}
