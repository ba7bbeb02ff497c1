import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectListSchema, projectSchema } from '../../contract/apiProjects';
import { splitFor } from '../projects/splitAssignment';
import { addProjectMember, as, seedImage } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createTestUser(t, { name: 'Alice' });
  bob = await createTestUser(t, { name: 'Bob' });
  carol = await createTestUser(t, { name: 'Carol' });
});
afterAll(() => t.close());

const create = (user: TestUser, body: object) => as(t, user, 'POST', 'projects', body);

describe('project create', () => {
  it('creates a project whose kind follows the subtype, with the creator as admin', async () => {
    const res = await create(alice, {
      title: '고양이 탐지 1',
      description: 'Boxes, (cats) & dogs.',
      subtype: 'IMAGE_OBJECT_DETECTION',
    });
    expect(res.status).toBe(201);
    expect(projectSchema.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({
      title: '고양이 탐지 1',
      description: 'Boxes, (cats) & dogs.',
      kind: 'IMAGE',
      subtype: 'IMAGE_OBJECT_DETECTION',
      role: 'admin',
      organizationId: null,
      imageCount: 0,
      labeledCount: 0,
      labelCount: 0,
      split: { train: 70, validation: 20, test: 10 },
      schedule: { enabled: false, cycle: null },
    });
    expect((await create(alice, { title: 'Audio', subtype: 'AUDIO_SPEECH_RECOGNITION' })).body.kind).toBe('AUDIO');
    expect((await create(alice, { title: 'Text', subtype: 'TEXT_SUMMARIZATION' })).body.description).toBe('');
  });

  it('answers the exact validation keys of spec section 5 for titles and descriptions', async () => {
    const cases: [object, Record<string, string>][] = [
      [{ title: '', subtype: 'IMAGE_CLASSIFICATION' }, { title: 'validation:required' }],
      [{ subtype: 'IMAGE_CLASSIFICATION' }, { title: 'validation:required' }],
      [{ title: 'a'.repeat(21), subtype: 'IMAGE_CLASSIFICATION' }, { title: 'validation:max20' }],
      [{ title: ' leading', subtype: 'IMAGE_CLASSIFICATION' }, { title: 'validation:noLeadingSpace' }],
      [{ title: 'bad_title!', subtype: 'IMAGE_CLASSIFICATION' }, { title: 'validation:koreanEnglishDigitsOnly' }],
      [
        { title: 'Ok', description: 'x'.repeat(101), subtype: 'IMAGE_CLASSIFICATION' },
        { description: 'validation:max100' },
      ],
      [
        { title: 'Ok', description: '<script>', subtype: 'IMAGE_CLASSIFICATION' },
        { description: 'validation:inappropriateCharacters' },
      ],
      [{ title: 'Ok', subtype: 'IMAGE_NOPE' }, { subtype: 'validation:invalid' }],
      [{ title: 42, subtype: 'IMAGE_CLASSIFICATION' }, { title: 'validation:required' }],
    ];
    for (const [body, fields] of cases) {
      const res = await create(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation');
      expect(res.body.error.fields).toEqual(fields);
    }
    expect((await create(alice, { title: 'a'.repeat(20), subtype: 'IMAGE_CLASSIFICATION' })).status).toBe(201);
    expect(
      (await create(alice, { title: 'Ok', description: 'x'.repeat(100), subtype: 'IMAGE_CLASSIFICATION' })).status,
    ).toBe(201);
  });

  it('refuses unknown keys (kind, role, ids) and bodies that are not JSON objects', async () => {
    for (const extra of [{ kind: 'VIDEO' }, { role: 'admin' }, { id: 'mine' }, { createdBy: bob.id }]) {
      const res = await create(alice, { title: 'Ok', subtype: 'IMAGE_CLASSIFICATION', ...extra });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
    }
    expect((await create(alice, '[1, 2]' as unknown as object)).status).toBe(400);
    expect((await create(alice, 'not json' as unknown as object)).status).toBe(400);
    expect((await as(t, null, 'POST', 'projects', { title: 'Ok', subtype: 'IMAGE_CLASSIFICATION' })).status).toBe(401);
  });

  it('creates in an organization only for its owners and admins, who then act as project admins', async () => {
    const orgId = randomUUID();
    const now = t.clock.now().toISOString();
    await t.database.db
      .insertInto('organizations')
      .values({ id: orgId, name: 'Team', created_at: now, updated_at: now })
      .execute();
    await t.database.db
      .insertInto('organization_members')
      .values([
        { organization_id: orgId, user_id: alice.id, role: 'member', joined_at: now },
        { organization_id: orgId, user_id: bob.id, role: 'admin', joined_at: now },
      ])
      .execute();
    const body = { title: 'Team project', subtype: 'IMAGE_SEGMENTATION', organizationId: orgId };
    expect((await create(alice, body)).status).toBe(403);
    expect((await create(carol, body)).status).toBe(404);
    const made = await create(bob, body);
    expect(made.status).toBe(201);
    expect(made.body.organizationId).toBe(orgId);
    // Alice (plain organization member) does not see it; an organization admin who is not a
    // project member acts as its admin.
    expect((await as(t, alice, 'GET', `projects/${made.body.id}`)).status).toBe(404);
    await t.database.db
      .updateTable('organization_members')
      .set({ role: 'admin' })
      .where('user_id', '=', alice.id)
      .execute();
    const seen = await as(t, alice, 'GET', `projects/${made.body.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.role).toBe('admin');
    expect((await as(t, alice, 'PATCH', `projects/${made.body.id}`, { title: 'Renamed by org' })).status).toBe(200);
  });
});

describe('project list and read', () => {
  it('lists the caller’s projects with counts; role=admin keeps those the caller administers', async () => {
    const owner = await createTestUser(t);
    const helper = await createTestUser(t);
    const mine = (await create(owner, { title: 'Mine', subtype: 'IMAGE_CLASSIFICATION' })).body.id as string;
    const theirs = (await create(helper, { title: 'Theirs', subtype: 'IMAGE_CLASSIFICATION' })).body.id as string;
    await addProjectMember(t, theirs, owner, 'member');
    await seedImage(t, mine, { labeled: true });
    await seedImage(t, mine);
    const all = await as(t, owner, 'GET', 'projects');
    expect(all.status).toBe(200);
    expect(projectListSchema.safeParse(all.body).success).toBe(true);
    expect(all.body.map((p: { id: string }) => p.id).sort()).toEqual([mine, theirs].sort());
    expect(all.body.find((p: { id: string }) => p.id === mine)).toMatchObject({
      imageCount: 2,
      labeledCount: 1,
      role: 'admin',
    });
    expect(all.body.find((p: { id: string }) => p.id === theirs).role).toBe('member');
    const admin = await as(t, owner, 'GET', 'projects?role=admin');
    expect(admin.body.map((p: { id: string }) => p.id)).toEqual([mine]);
    expect((await as(t, owner, 'GET', 'projects?role=member')).status).toBe(400);
    expect((await as(t, owner, 'GET', 'projects?extra=1')).status).toBe(400);
  });

  it('answers 404 for a project the caller has no part in, or that does not exist', async () => {
    const id = (await create(alice, { title: 'Private', subtype: 'IMAGE_CLASSIFICATION' })).body.id as string;
    for (const path of [`projects/${id}`, `projects/${randomUUID()}`]) {
      const res = await as(t, carol, 'GET', path);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect((await as(t, carol, 'PATCH', `projects/${id}`, { title: 'Mine now' })).status).toBe(404);
    expect((await as(t, carol, 'DELETE', `projects/${id}`)).status).toBe(404);
  });
});

describe('project update and delete', () => {
  it('lets admins rename with the same validation; members and workers get 403', async () => {
    const id = (await create(alice, { title: 'Before', subtype: 'IMAGE_CLASSIFICATION' })).body.id as string;
    await addProjectMember(t, id, bob, 'member');
    await addProjectMember(t, id, carol, 'worker');
    const ok = await as(t, alice, 'PATCH', `projects/${id}`, { title: 'After', description: 'New text.' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ title: 'After', description: 'New text.' });
    expect((await as(t, alice, 'PATCH', `projects/${id}`, { title: ' x' })).body.error.fields).toEqual({
      title: 'validation:noLeadingSpace',
    });
    expect((await as(t, alice, 'PATCH', `projects/${id}`, { subtype: 'TEXT_SUMMARIZATION' })).status).toBe(400);
    for (const user of [bob, carol]) {
      const res = await as(t, user, 'PATCH', `projects/${id}`, { title: 'Nope' });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe('You do not have permission');
    }
    expect((await as(t, bob, 'DELETE', `projects/${id}`)).status).toBe(403);
  });

  it('soft-deletes: afterwards every member gets 410 gone and the list no longer shows it', async () => {
    const id = (await create(alice, { title: 'Doomed', subtype: 'IMAGE_CLASSIFICATION' })).body.id as string;
    await addProjectMember(t, id, bob, 'member');
    expect((await as(t, alice, 'DELETE', `projects/${id}`)).status).toBe(204);
    for (const user of [alice, bob]) {
      const res = await as(t, user, 'GET', `projects/${id}`);
      expect(res.status).toBe(410);
      expect(res.body.error.code).toBe('gone');
      expect((await as(t, user, 'GET', `projects/${id}/labels`)).status).toBe(410);
      expect((await as(t, user, 'GET', 'projects')).body.map((p: { id: string }) => p.id)).not.toContain(id);
    }
    // Someone who never had a part in it still learns nothing.
    expect((await as(t, carol, 'GET', `projects/${id}`)).status).toBe(404);
    expect((await as(t, alice, 'DELETE', `projects/${id}`)).status).toBe(410);
  });
});

describe('learning schedule', () => {
  it('stores the schedule and asks for a cycle when enabled without one', async () => {
    const id = (await create(alice, { title: 'Sched', subtype: 'IMAGE_CLASSIFICATION' })).body.id as string;
    const missing = await as(t, alice, 'PUT', `projects/${id}/schedule`, { enabled: true, cycle: null });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ cycle: 'validation:repeatCycle' });
    expect(
      (await as(t, alice, 'PUT', `projects/${id}/schedule`, { enabled: true, cycle: 'monthly' })).body.error.fields,
    ).toEqual({ cycle: 'validation:repeatCycle' });
    expect((await as(t, alice, 'PUT', `projects/${id}/schedule`, { enabled: 'yes', cycle: 'week' })).status).toBe(400);
    expect((await as(t, alice, 'PUT', `projects/${id}/schedule`, { enabled: true, cycle: 'week', at: 3 })).status).toBe(
      400,
    );
    const ok = await as(t, alice, 'PUT', `projects/${id}/schedule`, { enabled: true, cycle: 'weekend' });
    expect(ok.status).toBe(200);
    expect(ok.body.schedule).toEqual({ enabled: true, cycle: 'weekend' });
    expect(
      (await as(t, alice, 'PUT', `projects/${id}/schedule`, { enabled: false, cycle: null })).body.schedule,
    ).toEqual({ enabled: false, cycle: null });
  });
});

describe('split ratios', () => {
  it('reassigns every image by (seed, id) when the ratios change, and re-rolls a new seed on request', async () => {
    const id = (await create(alice, { title: 'Split', subtype: 'IMAGE_OBJECT_DETECTION' })).body.id as string;
    const imageIds: string[] = [];
    for (let i = 0; i < 60; i++) imageIds.push(await seedImage(t, id, { split: 'train' }));
    const splitsNow = async () => {
      const rows = await t.database.db
        .selectFrom('images')
        .select(['id', 'split'])
        .where('project_id', '=', id)
        .execute();
      return Object.fromEntries(rows.map((r) => [r.id, r.split]));
    };

    const first = await as(t, alice, 'PUT', `projects/${id}/split`, { train: 50, validation: 30, test: 20 });
    expect(first.status).toBe(200);
    const seed = first.body.split.seed as number;
    expect(first.body.split).toMatchObject({ train: 50, validation: 30, test: 20 });
    const expected = Object.fromEntries(
      imageIds.map((i) => [i, splitFor({ train: 50, validation: 30, test: 20, seed }, i)]),
    );
    expect(await splitsNow()).toEqual(expected);
    expect(new Set(Object.values(expected)).size).toBe(3);

    // The same ratios again: the same seed, the same assignment.
    const again = await as(t, alice, 'PUT', `projects/${id}/split`, { train: 50, validation: 30, test: 20 });
    expect(again.body.split.seed).toBe(seed);
    expect(await splitsNow()).toEqual(expected);

    const rerolled = await as(t, alice, 'PUT', `projects/${id}/split`, {
      train: 50,
      validation: 30,
      test: 20,
      reroll: true,
    });
    const newSeed = rerolled.body.split.seed as number;
    expect(newSeed).not.toBe(seed);
    const after = await splitsNow();
    expect(after).toEqual(
      Object.fromEntries(imageIds.map((i) => [i, splitFor({ train: 50, validation: 30, test: 20, seed: newSeed }, i)])),
    );
    expect(after).not.toEqual(expected);
  });

  it('requires whole percentages summing to 100 and an admin', async () => {
    const id = (await create(alice, { title: 'Split2', subtype: 'IMAGE_CLASSIFICATION' })).body.id as string;
    await addProjectMember(t, id, bob, 'member');
    const bad = await as(t, alice, 'PUT', `projects/${id}/split`, { train: 50, validation: 30, test: 30 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ test: 'validation:split.sum' });
    expect(
      (await as(t, alice, 'PUT', `projects/${id}/split`, { train: 50.5, validation: 29.5, test: 20 })).status,
    ).toBe(400);
    expect((await as(t, alice, 'PUT', `projects/${id}/split`, { train: '70', validation: 20, test: 10 })).status).toBe(
      400,
    );
    expect(
      (await as(t, alice, 'PUT', `projects/${id}/split`, { train: 70, validation: 20, test: 10, seed: 5 })).status,
    ).toBe(400);
    expect((await as(t, bob, 'PUT', `projects/${id}/split`, { train: 70, validation: 20, test: 10 })).status).toBe(403);
  });
});
