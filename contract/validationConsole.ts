import { z } from 'zod';
import { LETTERS, requiredString } from './validationCommon';
import { V } from './validationMessages';

/*
 * Console form rules (spec sections 5 and 9). Messages are i18n keys (validationMessages.ts);
 * checks are ordered so that the first issue is the one to show.
 */

export const PROJECT_TITLE_MAX = 20;
export const PROJECT_DESCRIPTION_MAX = 100;
export const USER_NAME_MAX = 20;
export const INTRODUCTION_MAX = 100;
export const LABEL_NAME_MAX = 8;
export const TAG_MAX = 6;
export const TAGS_PER_ITEM_MAX = 3;
export const MODEL_TAG_MAX = 20;
export const RESOURCE_NAME_MAX = 20;
export const RESOURCE_DESCRIPTION_MAX = 100;
export const TRAINING_ITERATIONS_MIN = 1;
export const TRAINING_ITERATIONS_MAX = 100;

/** Repeat cycles of a learning schedule: every day, every weekend, every week. */
export const REPEAT_CYCLES = ['everyday', 'weekend', 'week'] as const;
export type RepeatCycle = (typeof REPEAT_CYCLES)[number];

/**
 * Punctuation allowed in free text (descriptions, introductions): the usual sentence marks,
 * brackets and a few symbols. Left out on purpose: `<`, `>`, backslash, backtick, `$`, `{`, `}`,
 * `|`, `^`, `=`, `*` and emoji ('적절하지 않은 문자가 입력되었습니다.').
 */
export const TEXT_PUNCTUATION = '.,!?\'"()\\[\\]\\-_:;/~@#%&+·';

const KOREAN_ENGLISH_DIGITS_SPACES = new RegExp(`^[${LETTERS}0-9 ]*$`);
const FREE_TEXT = new RegExp(`^[${LETTERS}0-9\\s${TEXT_PUNCTUATION}]*$`);
const KOREAN_ENGLISH_SPACES = new RegExp(`^[${LETTERS} ]*$`);
const STARTS_WITH_SPACE = /^\s/;

/** A title-like name: required, at most `max`, no leading blank, Korean/English/digits/spaces. */
function titleSchema(max: number, maxKey: string) {
  return requiredString()
    .max(max, { error: maxKey })
    .refine((s) => !STARTS_WITH_SPACE.test(s), { error: V.noLeadingSpace })
    .regex(KOREAN_ENGLISH_DIGITS_SPACES, { error: V.koreanEnglishDigitsOnly });
}

/** Free text: may be empty, at most `max`, letters, digits, whitespace and common punctuation. */
function freeTextSchema(max: number, maxKey: string) {
  return z.string().max(max, { error: maxKey }).regex(FREE_TEXT, { error: V.inappropriateCharacters });
}

/**
 * Project title: required ('값을 입력해주세요.'), at most 20 characters ('20자 초과되었습니다.'),
 * no leading space ('공백으로 시작할 수 없습니다.'), only Korean, English letters, digits and
 * spaces ('한글,영문,숫자 외의 문자가 입력되었습니다.').
 */
export const projectTitleSchema = titleSchema(PROJECT_TITLE_MAX, V.max20);

/**
 * Project description: may be empty; at most 100 characters ('100자 초과되었습니다.'); letters,
 * digits, whitespace (line breaks too: it is a text area) and {@link TEXT_PUNCTUATION}
 * ('적절하지 않은 문자가 입력되었습니다.').
 */
export const projectDescriptionSchema = freeTextSchema(PROJECT_DESCRIPTION_MAX, V.max100);

export const projectSchema = z.object({ title: projectTitleSchema, description: projectDescriptionSchema });

/**
 * User name: 1–20 characters, Korean or English letters (spaces between words allowed), no
 * leading space ('Name is not appropriate.' for other characters).
 */
export const userNameSchema = requiredString()
  .max(USER_NAME_MAX, { error: V.max20 })
  .refine((s) => !STARTS_WITH_SPACE.test(s), { error: V.noLeadingSpace })
  .regex(KOREAN_ENGLISH_SPACES, { error: V.name });

/**
 * Self-introduction: may be empty; at most 100 characters (the spec says "under 100" in one
 * place and lists 100 as the limit in another: 100 itself is accepted, as for descriptions);
 * the same limited special characters as a project description.
 */
export const introductionSchema = freeTextSchema(INTRODUCTION_MAX, V.max100);

/** Label name: 1–8 characters. */
export const labelNameSchema = requiredString().max(LABEL_NAME_MAX, { error: V.max8 });

/**
 * A new label for a dataset: the name and the colour must each be unused by `existing` labels
 * (names compared ignoring case and surrounding blanks, colours ignoring case).
 */
export function newLabelSchema(existing: readonly { name: string; color: string }[]) {
  const names = new Set(existing.map((l) => l.name.trim().toLowerCase()));
  const colors = new Set(existing.map((l) => l.color.trim().toLowerCase()));
  return z.object({
    name: labelNameSchema.refine((n) => !names.has(n.trim().toLowerCase()), { error: V.labelNameTaken }),
    color: requiredString().refine((c) => !colors.has(c.trim().toLowerCase()), { error: V.labelColorTaken }),
  });
}

/** Tag: 1–6 characters. */
export const tagSchema = requiredString().max(TAG_MAX, { error: V.max6 });

/** The tags of one item: at most 3, no duplicates ('Duplicate tag name.'). */
export const tagsSchema = z
  .array(tagSchema)
  .max(TAGS_PER_ITEM_MAX, { error: V.tagTooMany })
  .refine((tags) => new Set(tags).size === tags.length, { error: V.tagDuplicate });

/** A tag about to be added next to `existing` ones: valid, not a duplicate, room left. */
export function newTagSchema(existing: readonly string[]) {
  return tagSchema
    .refine((tag) => !existing.includes(tag), { error: V.tagDuplicate })
    .refine(() => existing.length < TAGS_PER_ITEM_MAX, { error: V.tagTooMany });
}

/** Model tag of a training: optional, at most 20 characters. */
export const modelTagSchema = z.string().max(MODEL_TAG_MAX, { error: V.max20 }).optional();

/** Learning schedule repeat cycle: one of {@link REPEAT_CYCLES} ('Please select a repeat cycle.'). */
export const repeatCycleSchema = z.enum(REPEAT_CYCLES, { error: V.repeatCycle });

/** Maximum training iterations: a whole number from 1 to 100. */
export const trainingIterationsSchema = z
  .number({ error: V.iterations })
  .int({ error: V.iterations })
  .min(TRAINING_ITERATIONS_MIN, { error: V.iterations })
  .max(TRAINING_ITERATIONS_MAX, { error: V.iterations });

/** Market resource name: the project title's rules (20, Korean/English/digits, no leading blank). */
export const resourceNameSchema = titleSchema(RESOURCE_NAME_MAX, V.max20);

/** Market resource description: at most 100 characters (no character rule is recorded). */
export const resourceDescriptionSchema = z.string().max(RESOURCE_DESCRIPTION_MAX, { error: V.max100 });
