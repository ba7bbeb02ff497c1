import { describe, expect, it } from 'vitest';
import {
  firstErrorKey,
  introductionSchema,
  labelNameSchema,
  modelTagSchema,
  newLabelSchema,
  newTagSchema,
  projectDescriptionSchema,
  projectSchema,
  projectTitleSchema,
  repeatCycleSchema,
  resourceDescriptionSchema,
  resourceNameSchema,
  tagSchema,
  tagsSchema,
  trainingIterationsSchema,
  userNameSchema,
  V,
} from './validation';

const key = firstErrorKey;

describe('project title', () => {
  it.each(['불량 검출 프로젝트 1', 'Defect detection', 'a', '가나다라마바사아자차카타파하가나다라마바', 'ㅋㅋ 2024'])(
    'accepts %j',
    (title) => {
      expect(key(projectTitleSchema, title)).toBeUndefined();
    },
  );
  it('requires a value', () => {
    expect(key(projectTitleSchema, '')).toBe(V.required);
    expect(key(projectTitleSchema, undefined)).toBe(V.required);
  });
  it('allows at most 20 characters', () => {
    expect(key(projectTitleSchema, 'a'.repeat(20))).toBeUndefined();
    expect(key(projectTitleSchema, 'a'.repeat(21))).toBe(V.max20);
    expect(key(projectTitleSchema, '가'.repeat(21))).toBe(V.max20);
  });
  it('must not start with a space', () => {
    expect(key(projectTitleSchema, ' 프로젝트')).toBe(V.noLeadingSpace);
    expect(key(projectTitleSchema, '   ')).toBe(V.noLeadingSpace);
  });
  it.each(['project!', '프로젝트_1', 'a-b', 'tab\there', '😀', 'ü'])('rejects other characters: %j', (title) => {
    expect(key(projectTitleSchema, title)).toBe(V.koreanEnglishDigitsOnly);
  });
});

describe('project description', () => {
  it.each([
    '',
    '불량 검출용 데이터입니다.',
    'Line 1\nLine 2: (test) 50% done, ok? yes!',
    'it\'s "fine" - a/b [x] #1 @team ~ & + ·',
  ])('accepts %j', (text) => {
    expect(key(projectDescriptionSchema, text)).toBeUndefined();
  });
  it('allows at most 100 characters', () => {
    expect(key(projectDescriptionSchema, 'a'.repeat(100))).toBeUndefined();
    expect(key(projectDescriptionSchema, 'a'.repeat(101))).toBe(V.max100);
  });
  it.each(['<script>', 'a{b}', 'x = 1', 'back\\slash', 'pipe|', '`code`', '$100', '😀'])('rejects %j', (text) => {
    expect(key(projectDescriptionSchema, text)).toBe(V.inappropriateCharacters);
  });
  it('validates both fields of a project form', () => {
    const r = projectSchema.safeParse({ title: '', description: '<b>' });
    expect(r.success ? [] : r.error.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['title', V.required],
      ['description', V.inappropriateCharacters],
    ]);
  });
});

describe('user name and introduction', () => {
  it('accepts Korean or English names up to 20 characters', () => {
    expect(key(userNameSchema, '홍길동')).toBeUndefined();
    expect(key(userNameSchema, 'Gildong Hong')).toBeUndefined();
    expect(key(userNameSchema, 'a'.repeat(20))).toBeUndefined();
  });
  it('rejects empty, long, leading-space and other names', () => {
    expect(key(userNameSchema, '')).toBe(V.required);
    expect(key(userNameSchema, 'a'.repeat(21))).toBe(V.max20);
    expect(key(userNameSchema, ' 홍길동')).toBe(V.noLeadingSpace);
    expect(key(userNameSchema, '홍길동2')).toBe(V.name);
  });
  it('limits the introduction to 100 characters and common punctuation', () => {
    expect(key(introductionSchema, '')).toBeUndefined();
    expect(key(introductionSchema, '안녕하세요! AI 개발자입니다.')).toBeUndefined();
    expect(key(introductionSchema, 'a'.repeat(101))).toBe(V.max100);
    expect(key(introductionSchema, 'hi <there>')).toBe(V.inappropriateCharacters);
  });
});

describe('labels', () => {
  it('takes names of 1 to 8 characters', () => {
    expect(key(labelNameSchema, 'scratch')).toBeUndefined();
    expect(key(labelNameSchema, '스크래치불량')).toBeUndefined();
    expect(key(labelNameSchema, '')).toBe(V.required);
    expect(key(labelNameSchema, 'abcdefghi')).toBe(V.max8);
  });
  it('rejects a name or colour already in use', () => {
    const schema = newLabelSchema([{ name: 'Dent', color: '#FF0000' }]);
    expect(schema.safeParse({ name: 'crack', color: '#00ff00' }).success).toBe(true);
    expect(key(schema, { name: 'dent', color: '#00ff00' })).toBe(V.labelNameTaken);
    expect(key(schema, { name: 'crack', color: '#ff0000' })).toBe(V.labelColorTaken);
  });
});

describe('tags', () => {
  it('takes tags of 1 to 6 characters', () => {
    expect(key(tagSchema, '학습용')).toBeUndefined();
    expect(key(tagSchema, '')).toBe(V.required);
    expect(key(tagSchema, 'abcdefg')).toBe(V.max6);
  });
  it('allows at most 3 distinct tags', () => {
    expect(key(tagsSchema, ['a', 'b', 'c'])).toBeUndefined();
    expect(key(tagsSchema, ['a', 'b', 'c', 'd'])).toBe(V.tagTooMany);
    expect(key(tagsSchema, ['a', 'a'])).toBe(V.tagDuplicate);
  });
  it('checks a tag being added against the existing ones', () => {
    expect(key(newTagSchema(['a']), 'b')).toBeUndefined();
    expect(key(newTagSchema(['a']), 'a')).toBe(V.tagDuplicate);
    expect(key(newTagSchema(['a', 'b', 'c']), 'd')).toBe(V.tagTooMany);
  });
  it('takes an optional model tag of at most 20 characters', () => {
    expect(key(modelTagSchema, undefined)).toBeUndefined();
    expect(key(modelTagSchema, '')).toBeUndefined();
    expect(key(modelTagSchema, 'v'.repeat(20))).toBeUndefined();
    expect(key(modelTagSchema, 'v'.repeat(21))).toBe(V.max20);
  });
});

describe('learning schedule and training', () => {
  it('needs a repeat cycle', () => {
    for (const cycle of ['everyday', 'weekend', 'week']) expect(key(repeatCycleSchema, cycle)).toBeUndefined();
    expect(key(repeatCycleSchema, undefined)).toBe(V.repeatCycle);
    expect(key(repeatCycleSchema, '')).toBe(V.repeatCycle);
    expect(key(repeatCycleSchema, 'monthly')).toBe(V.repeatCycle);
  });
  it('takes 1 to 100 iterations', () => {
    expect(key(trainingIterationsSchema, 1)).toBeUndefined();
    expect(key(trainingIterationsSchema, 100)).toBeUndefined();
    for (const bad of [0, 101, 1.5, Number.NaN, '10'])
      expect(key(trainingIterationsSchema, bad), String(bad)).toBe(V.iterations);
  });
});

describe('resources', () => {
  it('follows the project title rules for names', () => {
    expect(key(resourceNameSchema, '불량 데이터셋 2')).toBeUndefined();
    expect(key(resourceNameSchema, ' x')).toBe(V.noLeadingSpace);
    expect(key(resourceNameSchema, 'x!')).toBe(V.koreanEnglishDigitsOnly);
    expect(key(resourceNameSchema, 'x'.repeat(21))).toBe(V.max20);
  });
  it('limits descriptions to 100 characters', () => {
    expect(key(resourceDescriptionSchema, 'x'.repeat(100))).toBeUndefined();
    expect(key(resourceDescriptionSchema, 'x'.repeat(101))).toBe(V.max100);
  });
});
