import type { FastifyInstance } from 'fastify';
import type { StandInContext } from '../context';
import { ApiError } from '../errors';
import { parseFaultTable } from '../faults';

/** Hooks under /__stand-in for tests and manual poking; the real main site has nothing here. */
export const HOOK_PREFIX = '/__stand-in';

export function registerTestHookRoutes(app: FastifyInstance, ctx: StandInContext): void {
  app.get(`${HOOK_PREFIX}/calls`, async (request) => {
    const { path } = request.query as Record<string, unknown>;
    return ctx.recorder.calls(typeof path === 'string' && path !== '' ? path : undefined);
  });

  app.delete(`${HOOK_PREFIX}/calls`, async (_request, reply) => {
    ctx.recorder.clear();
    return reply.code(204).send();
  });

  app.get(`${HOOK_PREFIX}/sms`, async () => ctx.state.smsCodes());

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
