/**
 * The web point subject: the real server (server/index.ts, production mode, SQLite in a temp
 * DATA_DIR) and, made through its API as the console makes them, a project with the model's
 * labels, the uploaded model, a web point on the local server and a key for it. Resolves once the
 * point's preparation (the `point.prepare` job) says running.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { POINT_KEY_RATE_MAX } from '../../contract/apiDeploy';
import { DEMO_ACCOUNTS } from '../../server/seed/demoSeed';
import { freePort, prepareData, startRealServer } from '../api/serverProcesses';

export interface WebPointSubject {
  process: ChildProcess;
  predictUrl: string;
  key: string;
}

async function call<T>(base: string, token: string | null, method: string, route: string, body?: unknown): Promise<T> {
  const isBytes = body instanceof Uint8Array;
  const res = await fetch(`${base}/api/${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': isBytes ? 'application/zip' : 'application/json' }),
    },
    body: body === undefined ? undefined : isBytes ? new Uint8Array(body) : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

export async function startWebPoint(opts: {
  root: string;
  zip: Uint8Array;
  labels: readonly string[];
  threads: number;
}): Promise<WebPointSubject> {
  const dataDir = path.join(opts.root, 'data');
  const distDir = path.join(opts.root, 'dist');
  mkdirSync(distDir, { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await prepareData(dataDir, 0);
  const port = await freePort();
  process.env.INFERENCE_THREADS = String(opts.threads);
  const child = await startRealServer({ dataDir, distDir, port });
  const base = `http://127.0.0.1:${port}`;
  const admin = DEMO_ACCOUNTS[0];
  const { token } = await call<{ token: string }>(base, null, 'POST', 'auth/login', {
    email: admin.email,
    password: admin.password,
  });
  const project = await call<{ id: string }>(base, token, 'POST', 'projects', {
    title: 'Serving benchmark',
    subtype: 'IMAGE_CLASSIFICATION',
  });
  for (const [i, name] of opts.labels.entries()) {
    const color = `#${((i + 1) * 0x3a5f7b).toString(16).slice(-6).padStart(6, '0')}`;
    await call(base, token, 'POST', `projects/${project.id}/labels`, { name, color });
  }
  const model = await call<{ id: string }>(base, token, 'POST', `projects/${project.id}/models`, opts.zip);
  const created = await call<{ point: { id: string } }>(base, token, 'POST', `projects/${project.id}/points`, {
    kind: 'web',
    name: 'bench point',
    modelId: model.id,
    instanceType: `local-${opts.threads}`,
  });
  const pointId = created.point.id;
  const { secret } = await call<{ secret: string }>(
    base,
    token,
    'POST',
    `projects/${project.id}/points/${pointId}/keys`,
    {
      name: 'bench',
      ratePerMinute: POINT_KEY_RATE_MAX,
    },
  );
  const deadline = Date.now() + 120_000;
  for (;;) {
    const point = await call<{ instance: { instanceState: string; error: string | null } | null }>(
      base,
      token,
      'GET',
      `projects/${project.id}/points/${pointId}`,
    );
    const state = point.instance?.instanceState;
    if (state === 'running') break;
    if (state === 'failed') throw new Error(`the web point failed to prepare: ${point.instance?.error}`);
    if (Date.now() > deadline) throw new Error(`the web point is still ${state} after 120 s`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return { process: child, predictUrl: `${base}/api/v1/points/${pointId}/predict`, key: secret };
}
