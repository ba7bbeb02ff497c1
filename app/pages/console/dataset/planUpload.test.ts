import { describe, expect, it } from 'vitest';
import { planUpload, subFolderOf, uploadBlock } from './planUpload';

const picked = (relativePath: string) => ({
  file: new Blob(['x']),
  name: relativePath.split('/').pop()!,
  relativePath,
});

describe('uploadBlock', () => {
  it('needs at least one label, and at most 10 for a folder upload', () => {
    expect(uploadBlock(0, false)).toBe('labels_required');
    expect(uploadBlock(0, true)).toBe('labels_required');
    expect(uploadBlock(1, false)).toBeNull();
    expect(uploadBlock(10, true)).toBeNull();
    expect(uploadBlock(11, true)).toBe('too_many_labels');
    expect(uploadBlock(11, false)).toBeNull();
  });
});

describe('planUpload', () => {
  const labels = [{ name: 'Cat' }, { name: '개' }];

  it('maps classification sub-folders to labels by name, case-insensitively', () => {
    const plan = planUpload(
      [picked('pets/cat/1.jpg'), picked('pets/개/2.jpg'), picked('pets/bird/3.jpg'), picked('pets/4.jpg')],
      labels,
      true,
    );
    expect(plan.files.map((f) => [f.name, f.label])).toEqual([
      ['1.jpg', 'Cat'],
      ['2.jpg', '개'],
      ['3.jpg', undefined],
      ['4.jpg', undefined],
    ]);
    expect(plan.mapped).toEqual({ cat: 'Cat', 개: '개' });
    expect(plan.unmatched).toEqual(['bird']);
    expect(plan.files.map((f) => f.folder)).toEqual(['cat', '개', 'bird', '']);
  });

  it('marks files of a folder upload with their folder, nested folders too', () => {
    const plan = planUpload([picked('root/set1/cat/1.jpg'), picked('root/2.jpg')], labels, false, true);
    expect(plan.files.map((f) => [f.folder, f.label])).toEqual([
      ['set1/cat', undefined],
      ['', undefined],
    ]);
    expect(planUpload([picked('3.jpg')], labels, false).files[0]!.folder).toBeUndefined();
  });

  it('gives no labels outside classification and leaves hidden and system files out', () => {
    const plan = planUpload(
      [picked('pets/cat/1.jpg'), picked('pets/.DS_Store'), picked('pets/cat/Thumbs.db'), picked('pets/.git/x')],
      labels,
      false,
    );
    expect(plan.files).toHaveLength(1);
    expect(plan.files[0]!.label).toBeUndefined();
    expect(plan.skipped).toBe(3);
    expect(plan.mapped).toEqual({});
  });

  it('finds the sub-folder directly above the file', () => {
    expect(subFolderOf('a/b/c/d.jpg')).toBe('c');
    expect(subFolderOf('a/d.jpg')).toBeNull();
    expect(subFolderOf('d.jpg')).toBeNull();
  });
});
