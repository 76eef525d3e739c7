import type { FastifyInstance } from 'fastify';
import { cookieLanguage, signedIn, type StandInContext } from '../context';
import { anonymousSessionId } from './account';
import { EMPTY_SESSION, styled } from '../minimal';

/** The legacy endpoint answers a bare object, not the {result} envelope; the landing hands it on whole. */
export function registerSessionRoutes(app: FastifyInstance, ctx: StandInContext): void {
  app.get('/session.php', async (request) => {
    const current = signedIn(ctx, request);
    const rich = {
      session_id: current?.session.id ?? anonymousSessionId(request),
      logged_in: current !== undefined,
      user_id: current?.account.user_id ?? null,
      lang: cookieLanguage(request),
    };
    return styled(ctx.answers, rich, () => EMPTY_SESSION);
  });
}
