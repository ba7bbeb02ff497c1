import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enUi from '../../locales/en/ui.json';
import koUi from '../../locales/ko/ui.json';
import { formatRelativeTime, type RelativeTimeTranslate } from './formatRelativeTime';

const i18n = i18next.createInstance();
let ko: RelativeTimeTranslate;
let en: RelativeTimeTranslate;

beforeAll(async () => {
  await i18n.init({
    lng: 'ko',
    fallbackLng: 'ko',
    resources: { ko: { ui: koUi }, en: { ui: enUi } },
    ns: ['ui'],
    interpolation: { escapeValue: false },
  });
  ko = i18n.getFixedT('ko', 'ui');
  en = i18n.getFixedT('en', 'ui');
});

const NOW = Date.UTC(2024, 5, 15, 12, 0, 0);
const ago = (ms: number) => NOW - ms;
const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it('says just now under a minute and for future times', () => {
    expect(formatRelativeTime(NOW, ko, NOW)).toBe('방금 전');
    expect(formatRelativeTime(ago(59 * SEC), ko, NOW)).toBe('방금 전');
    expect(formatRelativeTime(NOW + 5 * MIN, en, NOW)).toBe('just now');
    expect(formatRelativeTime(ago(59 * SEC), en, NOW)).toBe('just now');
  });

  it('counts minutes under an hour', () => {
    expect(formatRelativeTime(ago(MIN), ko, NOW)).toBe('1분 전');
    expect(formatRelativeTime(ago(59 * MIN + 59 * SEC), ko, NOW)).toBe('59분 전');
    expect(formatRelativeTime(ago(MIN), en, NOW)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(2 * MIN), en, NOW)).toBe('2 minutes ago');
  });

  it('counts hours under a day', () => {
    expect(formatRelativeTime(ago(HOUR), ko, NOW)).toBe('1시간 전');
    expect(formatRelativeTime(ago(23 * HOUR + 59 * MIN), ko, NOW)).toBe('23시간 전');
    expect(formatRelativeTime(ago(HOUR), en, NOW)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(5 * HOUR), en, NOW)).toBe('5 hours ago');
  });

  it('counts days under 365 days', () => {
    expect(formatRelativeTime(ago(DAY), ko, NOW)).toBe('1일 전');
    expect(formatRelativeTime(ago(364 * DAY), ko, NOW)).toBe('364일 전');
    expect(formatRelativeTime(ago(DAY), en, NOW)).toBe('1 day ago');
    expect(formatRelativeTime(ago(30 * DAY), en, NOW)).toBe('30 days ago');
  });

  it('counts years from 365 days on', () => {
    expect(formatRelativeTime(ago(365 * DAY), ko, NOW)).toBe('1년 전');
    expect(formatRelativeTime(ago(3 * 365 * DAY + DAY), ko, NOW)).toBe('3년 전');
    expect(formatRelativeTime(ago(365 * DAY), en, NOW)).toBe('1 year ago');
    expect(formatRelativeTime(ago(2 * 365 * DAY), en, NOW)).toBe('2 years ago');
  });

  it('accepts ISO strings and Dates', () => {
    expect(formatRelativeTime('2024-06-15T11:30:00Z', en, NOW)).toBe('30 minutes ago');
    expect(formatRelativeTime(new Date(ago(2 * DAY)), ko, NOW)).toBe('2일 전');
  });

  it('returns an empty string for invalid input', () => {
    expect(formatRelativeTime('yesterday', ko, NOW)).toBe('');
    expect(formatRelativeTime(null, ko, NOW)).toBe('');
    expect(formatRelativeTime(Number.NaN, en, NOW)).toBe('');
  });
});
