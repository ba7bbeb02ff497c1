import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelListSchema } from '../../contract/apiProjects';
import { addProjectMember, as, seedAnnotation, seedImage } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

let t: TestApp;
let admin: TestUser;
let worker: TestUser;
let projectId: string;
let otherProjectId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t);
  worker = await createTestUser(t);
  projectId = (await as(t, admin, 'POST', 'projects', { title: 'Labels', subtype: 'IMAGE_OBJECT_DETECTION' })).body.id;
  otherProjectId = (await as(t, admin, 'POST', 'projects', { title: 'Other', subtype: 'IMAGE_OBJECT_DETECTION' })).body
    .id;
  await addProjectMember(t, projectId, worker, 'worker');
});
afterAll(() => t.close());

const post = (body: object, pid = projectId) => as(t, admin, 'POST', `projects/${pid}/labels`, body);

describe('labels', () => {
  it('creates labels in order with lower-case colours and lists them with annotation counts', async () => {
    const cat = await post({ name: 'Cat', color: '#FF0000' });
    expect(cat.status).toBe(201);
    expect(cat.body).toMatchObject({ name: 'Cat', color: '#ff0000', position: 0, annotationCount: 0 });
    const dog = await post({ name: '강아지', color: '#00ff00' });
    expect(dog.body.position).toBe(1);
    const list = await as(t, worker, 'GET', `projects/${projectId}/labels`);
    expect(list.status).toBe(200);
    expect(labelListSchema.safeParse(list.body).success).toBe(true);
    expect(list.body.map((l: { name: string }) => l.name)).toEqual(['Cat', '강아지']);
    expect((await as(t, admin, 'GET', `projects/${projectId}`)).body.labelCount).toBe(2);
  });

  it('rejects names and colours already used, ignoring case and blanks, with field keys', async () => {
    const name = await post({ name: '  cAT ', color: '#123456' });
    expect(name.status).toBe(400);
    expect(name.body.error).toMatchObject({ code: 'validation', fields: { name: 'validation:label.nameTaken' } });
    const color = await post({ name: 'Bird', color: '#ff0000' });
    expect(color.body.error.fields).toEqual({ color: 'validation:label.colorTaken' });
    const both = await post({ name: 'cat', color: '#FF0000' });
    expect(both.body.error.fields).toEqual({
      name: 'validation:label.nameTaken',
      color: 'validation:label.colorTaken',
    });
    // Another project may use the same name and colour.
    expect((await post({ name: 'Cat', color: '#ff0000' }, otherProjectId)).status).toBe(201);
  });

  it('validates the name (1–8) and the colour, and refuses extra keys and wrong types', async () => {
    const cases: [object, Record<string, string>][] = [
      [{ name: '', color: '#111111' }, { name: 'validation:required' }],
      [{ name: '   ', color: '#111111' }, { name: 'validation:required' }],
      [{ name: '123456789', color: '#111111' }, { name: 'validation:max8' }],
      [{ name: 'Ok', color: 'red' }, { color: 'validation:color' }],
      [{ name: 'Ok' }, { color: 'validation:required' }],
      [{ name: 3, color: '#111111' }, { name: 'validation:required' }],
    ];
    for (const [body, fields] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields, JSON.stringify(body)).toEqual(fields);
    }
    expect((await post({ name: 'Ok', color: '#111111', position: 3 })).body.error.code).toBe('bad_request');
    expect((await post({ name: '12345678', color: '#111111' })).status).toBe(201);
  });

  it('is managed by admins only; workers read', async () => {
    const res = await as(t, worker, 'POST', `projects/${projectId}/labels`, { name: 'Nope', color: '#abcdef' });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('You do not have permission');
  });

  it('renames and recolours with the same uniqueness rules', async () => {
    const labels = (await as(t, admin, 'GET', `projects/${projectId}/labels`)).body as { id: string; name: string }[];
    const cat = labels.find((l) => l.name === 'Cat');
    if (!cat) throw new Error('no cat');
    const renamed = await as(t, admin, 'PATCH', `projects/${projectId}/labels/${cat.id}`, {
      name: 'Kitty',
      color: '#0000FF',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Kitty', color: '#0000ff' });
    // Its own name in another case is not a clash with itself.
    expect((await as(t, admin, 'PATCH', `projects/${projectId}/labels/${cat.id}`, { name: 'KITTY' })).status).toBe(200);
    expect(
      (await as(t, admin, 'PATCH', `projects/${projectId}/labels/${cat.id}`, { name: '강아지' })).body.error.fields,
    ).toEqual({ name: 'validation:label.nameTaken' });
    expect(
      (await as(t, admin, 'PATCH', `projects/${projectId}/labels/${cat.id}`, { color: '#00FF00' })).body.error.fields,
    ).toEqual({ color: 'validation:label.colorTaken' });
    expect((await as(t, admin, 'PATCH', `projects/${projectId}/labels/${cat.id}`, { position: 0 })).status).toBe(400);
    // A label of another project through this project's path: 404.
    const foreign = (await as(t, admin, 'GET', `projects/${otherProjectId}/labels`)).body[0].id as string;
    expect((await as(t, admin, 'PATCH', `projects/${projectId}/labels/${foreign}`, { name: 'Stolen' })).status).toBe(
      404,
    );
    expect((await as(t, admin, 'DELETE', `projects/${projectId}/labels/${foreign}`)).status).toBe(404);
    expect((await as(t, admin, 'GET', `projects/${projectId}/labels/${foreign}/usage`)).status).toBe(404);
  });

  it('deletes a label with its annotations in one go; images left with none become unlabeled', async () => {
    const a = (await post({ name: 'A', color: '#aa0000' })).body.id as string;
    const b = (await post({ name: 'B', color: '#bb0000' })).body.id as string;
    const onlyA = await seedImage(t, projectId);
    const both = await seedImage(t, projectId);
    await seedAnnotation(t, onlyA, a);
    await seedAnnotation(t, onlyA, a);
    await seedAnnotation(t, both, a);
    await seedAnnotation(t, both, b);
    const usage = await as(t, worker, 'GET', `projects/${projectId}/labels/${a}/usage`);
    expect(usage.body).toEqual({ annotations: 3, images: 2 });
    expect(
      (await as(t, admin, 'GET', `projects/${projectId}/labels`)).body.find((l: { id: string }) => l.id === a)
        .annotationCount,
    ).toBe(3);

    const res = await as(t, admin, 'DELETE', `projects/${projectId}/labels/${a}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedAnnotations: 3 });
    const images = await t.database.db
      .selectFrom('images')
      .select(['id', 'labeled'])
      .where('id', 'in', [onlyA, both])
      .execute();
    expect(Object.fromEntries(images.map((i) => [i.id, i.labeled]))).toEqual({ [onlyA]: 0, [both]: 1 });
    expect((await as(t, admin, 'GET', `projects/${projectId}/labels/${a}/usage`)).status).toBe(404);
    expect((await as(t, admin, 'DELETE', `projects/${projectId}/labels/${a}`)).status).toBe(404);
  });

  it('answers a racing duplicate that slips past the check with the same field error (unique constraint)', async () => {
    const results = await Promise.all([
      post({ name: 'Race', color: '#0a0a0a' }),
      post({ name: 'race', color: '#0b0b0b' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.status === 400)?.body.error.fields).toEqual({ name: 'validation:label.nameTaken' });
  });
});
