/**
 * The stand-in main site over any Gatsby build: `BENCH_PUBLIC_DIR=/tmp/x/public PORT=0 node --import tsx
 * scripts/bench/serve.ts`. The bench runs this file from its copy of the tree, so it serves with the
 * copy's server/ (the same code `npm run serve` runs) and lets the bench point it at the bare Gatsby build.
 */
import { buildApp } from '../../server/app';

async function main(): Promise<void> {
  const publicDir = process.env.BENCH_PUBLIC_DIR;
  if (!publicDir) throw new Error('BENCH_PUBLIC_DIR is not set');
  const app = buildApp({ publicDir, smsLog: () => undefined });
  await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`Stand-in main site: http://127.0.0.1:${port}/ (serving ${publicDir} under /promo)`);
  const stop = () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error('[bench serve] could not start:', error);
  process.exit(1);
});
