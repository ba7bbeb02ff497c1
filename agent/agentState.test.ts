import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  normalizeServerUrl,
  planStart,
  readAgentState,
  tokenHashOf,
  writeAgentState,
  type AgentState,
} from './agentState';

const state = (over: Partial<AgentState> = {}): AgentState => ({
  server: 'https://maru.example',
  deviceId: 'dev_0123456789abcdef0123',
  credential: 'dev_0123456789abcdef0123.secret',
  pointId: 'p1',
  pointName: 'Gate',
  tokenHash: tokenHashOf('met_first'),
  enrolledAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('agent state', () => {
  it('is written owner-only and read back, with no temp file left', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agent-state-'));
    expect(readAgentState(dir)).toBeNull();
    writeAgentState(dir, state());
    writeAgentState(dir, state({ pointName: 'Gate 2' }));
    expect(readAgentState(dir)).toEqual(state({ pointName: 'Gate 2' }));
    expect(statSync(join(dir, 'state.json')).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['state.json']);
  });

  it('reads a damaged state file as none (the agent enrols again)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agent-state-'));
    writeFileSync(join(dir, 'state.json'), '{"server": "x"');
    expect(readAgentState(dir)).toBeNull();
    writeFileSync(join(dir, 'state.json'), '{"server": "x"}');
    expect(readAgentState(dir)).toBeNull();
  });

  it('resumes with the stored credential, ignores a used token, enrols with a new one', () => {
    const stored = state();
    expect(planStart(stored, 'https://maru.example', undefined)).toEqual({ kind: 'resume', state: stored });
    expect(planStart(stored, 'https://maru.example', 'met_first')).toEqual({ kind: 'resume', state: stored });
    expect(planStart(stored, 'https://maru.example', 'met_second')).toEqual({ kind: 'enrol', token: 'met_second' });
    // Another server: the stored credential means nothing there.
    expect(planStart(stored, 'https://other.example', 'met_first')).toEqual({ kind: 'enrol', token: 'met_first' });
    expect(planStart(stored, 'https://other.example', undefined)).toEqual({ kind: 'missing' });
    expect(planStart(null, 'https://maru.example', undefined)).toEqual({ kind: 'missing' });
  });

  it('spells a server one way and refuses what is not http(s)', () => {
    expect(normalizeServerUrl('https://maru.example/')).toBe('https://maru.example');
    expect(normalizeServerUrl('http://10.0.0.2:8080')).toBe('http://10.0.0.2:8080');
    expect(() => normalizeServerUrl('ftp://maru.example')).toThrow(/http/);
    expect(() => normalizeServerUrl('maru.example')).toThrow();
  });
});
