/**
 * The launch page's routes: the page, what its script reads, and the launch itself. A launch is saved as
 * one persistEntry of all its files through the editor's backend proxy, so the stale-copy check, the
 * build's checks and the one-write-at-a-time queue are the same as for every other save.
 */
import type { FastifyInstance } from 'fastify';
import { BACKEND_PATH } from './backend-proxy';
import { checkWrites } from './check';
import { planLaunch, type LaunchRequest } from './launch';
import { LAUNCH_PATH, launchPage, launchState } from './launch-page';
import { adminPolicy } from './page';

interface LaunchAnswer {
  ok: boolean;
  landings: string[];
  files: string[];
  problems: string[];
}

export function registerLaunch(app: FastifyInstance, repoDir: string, now: () => number): void {
  app.get(LAUNCH_PATH, (_request, reply) =>
    reply
      .header('content-security-policy', adminPolicy())
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(launchPage(repoDir)),
  );
  app.get(`${LAUNCH_PATH}.json`, (_request, reply) => reply.header('cache-control', 'no-store').send(launchState(repoDir)));

  app.post<{ Body: LaunchRequest & { dryRun?: boolean } }>(LAUNCH_PATH, async (request, reply): Promise<LaunchAnswer> => {
    const { dryRun, ...launch } = request.body ?? ({} as LaunchRequest);
    const plan = planLaunch(repoDir, launch);
    const files = plan.writes.map((write) => write.path);
    const answer = (ok: boolean, problems: string[]) => ({ ok, landings: plan.landings, files, problems });
    if (plan.problems.length) return answer(false, plan.problems);
    if (dryRun) {
      const checked = checkWrites(`${repoDir}/data`, plan.writes, now());
      return answer(checked.ok, checked.problems);
    }
    // A new landing's file must still be missing; a table the page read must still be as it read it.
    const base = Object.fromEntries(
      plan.writes.map((write) => [
        write.path,
        write.path.startsWith('data/promotions/') ? null : (launch.base?.[write.path] ?? plan.base[write.path]),
      ]),
    );
    const saved = await app.inject({
      method: 'POST',
      url: BACKEND_PATH,
      payload: {
        action: 'persistEntry',
        params: {
          branch: 'main',
          dataFiles: plan.writes.map((write) => ({ slug: plan.landings[0].split('/')[2], path: write.path, raw: String(write.content) })),
          assets: [],
          options: {
            collectionName: 'promotions',
            commitMessage: `Launch ${plan.landings.join(', ')}`,
            useWorkflow: false,
            status: 'draft',
          },
          base,
        },
      },
    });
    if (saved.statusCode !== 200) {
      const error = (saved.json() as { error?: string }).error ?? saved.body;
      reply.code(saved.statusCode === 409 ? 409 : 502);
      return answer(false, [error]);
    }
    return answer(true, []);
  });
}
