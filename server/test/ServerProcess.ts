import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcessOptions {
  dataDir: string;
  /** PostgreSQL database of its own; undefined: SQLite in dataDir. */
  databaseUrl: string | undefined;
  /** Kept across restarts, so tokens signed by the test stay valid. */
  jwtSecret: string;
  /** More environment (e.g. JOB_CONCURRENCY). */
  env?: Record<string, string>;
}

/**
 * The real server (server/index.ts through tsx, its own process) on a fixed port and data, for
 * tests that need what only a process has: being killed, restarted, loaded over real sockets.
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private log = '';

  private constructor(
    private readonly options: ServerProcessOptions,
    readonly port: number,
  ) {}

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The process's stdout and stderr so far (for failure messages). */
  get output(): string {
    return this.log;
  }

  static async start(options: ServerProcessOptions): Promise<ServerProcess> {
    const server = new ServerProcess(options, await freePort());
    await server.restart();
    return server;
  }

  /** Starts the process (again) on the same port and data; resolves once /api/health answers. */
  async restart(): Promise<void> {
    if (this.child) throw new Error('server is still running');
    const { dataDir, databaseUrl, jwtSecret, env } = this.options;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DIST_DIR: path.join(dataDir, 'dist'),
        PUBLIC_URL: this.base,
        DATABASE_URL: databaseUrl ?? '',
        JWT_SECRET: jwtSecret,
        NODE_ENV: 'production',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.on('data', (d: Buffer) => (this.log += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (this.log += d.toString()));
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        if ((await fetch(`${this.base}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline || child.exitCode !== null) {
        throw new Error(`server did not start:\n${this.log.slice(-4000)}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Sends `signal` and waits until the process is gone. */
  async kill(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  }
}
