/**
 * The loopback server of the render benchmark: the built page of our engine, the OpenSeadragon
 * page and library, and the tile pyramid, counting tile requests per subject (each page asks
 * under its own prefix, `/tiles/<subject>/…`).
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
};

export interface BenchServer {
  origin: string;
  /** Tile requests per subject since the last reset. */
  requests: Map<string, number>;
  close(): Promise<void>;
}

export async function startBenchServer(mounts: {
  ours: string;
  page: string;
  osd: string;
  tiles: string;
}): Promise<BenchServer> {
  const requests = new Map<string, number>();
  const send = (res: ServerResponse, file: string) => {
    if (!existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      // Tiles may be cached like a CDN would serve them; each run gets a fresh browser context.
      'cache-control': 'public, max-age=3600',
    });
    createReadStream(file).pipe(res);
  };
  const inside = (root: string, rel: string) => {
    const file = path.resolve(root, `.${rel}`);
    return file.startsWith(root) ? file : path.join(root, '__nope__');
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const p = decodeURIComponent(url.pathname);
    const tile = /^\/tiles\/([a-z]+)(\/\d+\/\d+_\d+\.jpg)$/.exec(p);
    if (tile?.[1] && tile[2]) {
      requests.set(tile[1], (requests.get(tile[1]) ?? 0) + 1);
      send(res, inside(mounts.tiles, tile[2]));
    } else if (p.startsWith('/ours/')) send(res, inside(mounts.ours, p.slice('/ours'.length)));
    else if (p.startsWith('/page/')) send(res, inside(mounts.page, p.slice('/page'.length)));
    else if (p.startsWith('/osd/')) send(res, inside(mounts.osd, p.slice('/osd'.length)));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
