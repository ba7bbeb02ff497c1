import { expect, test } from '@playwright/test';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initTf } from '../ml/runtime';
import { tinyClassifierZip } from '../ml/testing/tinyClassifierZip';
import { axeFindings } from './axeFindings';
import { storeSession } from './consoleSession';
import { newAccount } from './studioProject';

/*
 * An edge point end to end: created in the console, its agent started with the very command the
 * dialog shows (a real process, from the repository root, with a data folder and a port of its
 * own), seen connected, a model deployed to it in the console and followed to 'succeeded', the
 * connectivity test answered with a round trip, then a broken version refused by the device while
 * the good one keeps serving. The server runs with EDGE_HEARTBEAT_SECONDS=2.
 */

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Stops the agent and whatever npm started under it (its own process group), waiting for it to go. */
async function stop(agent: ChildProcess | null): Promise<void> {
  if (!agent?.pid || agent.exitCode !== null || agent.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => agent.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-agent.pid!, name);
    } catch {
      agent.kill(name);
    }
  };
  signal('SIGTERM');
  const late = setTimeout(() => signal('SIGKILL'), 5000);
  await gone;
  clearTimeout(late);
}

test('an edge point is created, its agent connects with the shown command, a model is deployed, the connectivity test answers and a broken version is refused', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const owner = await newAccount(page.request, 'Edge Owner');
  const headers = await owner.auth();
  const created = await page.request.post('/api/projects', {
    headers,
    data: { title: 'Line check', description: 'edge', subtype: 'IMAGE_CLASSIFICATION' },
  });
  expect(created.status()).toBe(201);
  const projectId = ((await created.json()) as { id: string }).id;
  for (const label of [
    { name: 'cat', color: '#e53935' },
    { name: 'dog', color: '#1e88e5' },
  ]) {
    expect((await page.request.post(`/api/projects/${projectId}/labels`, { headers, data: label })).status()).toBe(201);
  }
  await initTf(['cpu']);
  const work = mkdtempSync(join(tmpdir(), 'maru-edge-e2e-'));
  const good = join(work, 'good.zip');
  const broken = join(work, 'broken.zip');
  writeFileSync(good, await tinyClassifierZip(['cat', 'dog'], 'edge-v1'));
  // A copy that passes the upload check but gives non-finite outputs: the agent's warm-up refuses it.
  execFileSync('npm', ['run', '--silent', 'model:damage', '--', good, broken], { cwd: process.cwd() });
  for (const [tag, zip] of [
    ['edge-v1', good],
    ['broken', broken],
  ] as const) {
    const uploaded = await page.request.post(`/api/projects/${projectId}/models?tag=${tag}`, {
      headers: { ...headers, 'Content-Type': 'application/zip' },
      data: readFileSync(zip),
    });
    expect(uploaded.status()).toBe(201);
  }
  await storeSession(page, await owner.login());

  await page.goto('/en/console/edge');
  await expect(page.getByTestId('edge-empty')).toBeVisible();
  await page.getByTestId('edge-new').click();
  const form = page.getByTestId('edge-create');
  await expect(form.getByTestId('edge-create-project')).toHaveValue(projectId);
  await form.getByTestId('edge-create-name').fill('Gate camera');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const command = (await page.getByTestId('enrollment-command').textContent()) ?? '';
  expect(command).toMatch(/^npm run edge-agent -- --server \S+ --token \S+$/);
  await expect(page.getByTestId('enrollment-bundle')).toContainText('--token');
  expect.soft(await axeFindings(page), 'the enrolment dialog').toEqual([]);
  await page.getByRole('button', { name: 'Done' }).click();
  const row = page.getByTestId('edge-row');
  await expect(row.getByTestId('connection')).toHaveText('Never enrolled');
  expect.soft(await axeFindings(page), 'the edge list').toEqual([]);

  const dataDir = join(work, 'agent');
  const port = await freePort();
  const [program, ...args] = command.split(/\s+/);
  let agent: ChildProcess | null = null;
  let log = '';
  try {
    agent = spawn(program!, [...args, '--data-dir', dataDir, '--port', String(port)], {
      cwd: process.cwd(),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    agent.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    agent.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    // An agent that quits (refused enrolment, a crash) fails the test at once, with its output.
    const started = agent;
    const exited = new Promise<never>((_, reject) =>
      started.once('exit', (code) => reject(new Error(`the agent exited with ${code}:\n${log}`))),
    );
    exited.catch(() => undefined);
    const whileRunning = <T>(step: Promise<T>) => Promise.race([step, exited]);

    await whileRunning(
      expect(row.getByTestId('connection')).toHaveAttribute('data-state', 'connected', { timeout: 90_000 }),
    );
    await row.getByRole('link', { name: 'Gate camera' }).click();
    await expect(page.getByTestId('fact-edge-id')).not.toHaveText('Not enrolled yet');

    await page.getByTestId('point-deploy').click();
    await page.getByTestId('model-choice').filter({ hasText: 'edge-v1' }).click();
    await expect(page.getByTestId('deploy-submit')).toHaveText('Deploy to 1 point');
    await page.getByTestId('deploy-submit').click();
    // The pointer leaves the button while the rollout runs, so the scan below sees its resting colour, not its hover one.
    await page.mouse.move(0, 0);
    const target = page.getByTestId('deployment-target');
    await whileRunning(expect(target).toHaveAttribute('data-state', 'succeeded', { timeout: 120_000 }));
    await expect(page.getByTestId('deployment-progress')).toContainText('Finished: succeeded on 1 of 1.');
    expect.soft(await axeFindings(page), 'the new deployment').toEqual([]);

    await target.getByRole('link', { name: 'Gate camera' }).click();
    await expect(page.getByTestId('fact-model')).toHaveText('edge-v1', { timeout: 30_000 });
    await expect(page.getByTestId('history-row').first()).toHaveAttribute('data-state', 'succeeded');
    await page.getByTestId('ping-start').click();
    const result = page.getByTestId('ping-result');
    await whileRunning(expect(result).toHaveAttribute('data-state', 'answered', { timeout: 30_000 }));
    await expect(result).toContainText(/Connection success: round trip \d+ ms/);
    expect.soft(await axeFindings(page), 'the edge point').toEqual([]);

    // A broken version is refused on the device and the good one keeps serving.
    await page.getByTestId('point-deploy').click();
    await page.getByTestId('model-choice').filter({ hasText: 'broken' }).click();
    await page.getByTestId('deploy-submit').click();
    await page.mouse.move(0, 0);
    const refused = page.getByTestId('deployment-target');
    await whileRunning(expect(refused).toHaveAttribute('data-state', /^(failed|rolled_back)$/, { timeout: 120_000 }));
    await expect(refused.getByTestId('deployment-error')).not.toBeEmpty();
    await refused.getByRole('link', { name: 'Gate camera' }).click();
    await expect(page.getByTestId('history-row').first()).toHaveAttribute('data-state', /^(failed|rolled_back)$/);
    await expect(page.getByTestId('fact-model')).toHaveText('edge-v1');
  } finally {
    await stop(agent);
    // The agent's own output explains a connection or rollout that never came.
    await test.info().attach('agent log', { body: log, contentType: 'text/plain' });
    rmSync(work, { recursive: true, force: true });
  }
});
