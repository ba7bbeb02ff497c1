/**
 * The structure of the guide: sections (h2, anchors in the table of contents) and their topics
 * (h3). Texts live in the `docs` namespace under `sections.<section>.…`; a topic has a `title`,
 * a `body`, optional `items.<item>` (a list) and an optional `note`.
 */
export interface DocTopic {
  /** Key under `sections.<section>.topics`; also the end of the anchor id. */
  key: string;
  /** Item keys of the topic's list, in order. */
  items?: readonly string[];
  /** The list is a sequence of steps. */
  ordered?: boolean;
  /** The topic has a `note` (a highlighted tip). */
  note?: boolean;
  /** A table drawn after the body. */
  table?: 'shortcuts' | 'roles';
}

export interface DocSection {
  /** Anchor id of the section (kebab-case, stable: other pages may link to it). */
  id: string;
  /** Key under `sections`. */
  key: string;
  topics: readonly DocTopic[];
}

export const docSections: readonly DocSection[] = [
  {
    id: 'getting-started',
    key: 'gettingStarted',
    topics: [
      { key: 'flow', items: ['account', 'project', 'label', 'train', 'deploy'], ordered: true },
      { key: 'account', items: ['password', 'verify', 'reset'] },
      { key: 'organization', note: true },
      { key: 'project', items: ['title', 'description', 'kind'] },
      { key: 'settings', items: ['name', 'intro', 'image'] },
    ],
  },
  {
    id: 'datasets',
    key: 'datasets',
    topics: [
      { key: 'classes', items: ['length', 'unique', 'required'] },
      { key: 'upload', items: ['done', 'list', 'broken'] },
      { key: 'folders', items: ['limit', 'names'] },
      { key: 'tags', items: ['length', 'max', 'unique'] },
      { key: 'splits', items: ['training', 'validation', 'testing'], note: true },
      { key: 'export' },
    ],
  },
  {
    id: 'studio',
    key: 'studio',
    topics: [
      { key: 'tools', items: ['select', 'move', 'box', 'zoom', 'fullscreen', 'adjust'] },
      { key: 'shortcuts', table: 'shortcuts', note: true },
      { key: 'boxes', items: ['small', 'edge', 'pixels'] },
      { key: 'assist' },
      { key: 'saving', items: ['worker'] },
    ],
  },
  {
    id: 'training',
    key: 'training',
    topics: [
      { key: 'requirements', items: ['datasets', 'iterations', 'tag'] },
      {
        key: 'wizard',
        items: ['split', 'datasets', 'pretrained', 'network', 'settings', 'tag', 'server', 'overview'],
        ordered: true,
      },
      {
        key: 'progress',
        items: ['ready', 'downloading', 'learning', 'uploading', 'testing', 'completed'],
        ordered: true,
        note: true,
      },
      { key: 'schedule' },
    ],
  },
  {
    id: 'evaluation',
    key: 'evaluation',
    topics: [
      { key: 'results', items: ['graphs', 'evaluation', 'history', 'deploys'] },
      { key: 'status' },
      { key: 'improve', items: ['relabel', 'balance', 'separate'] },
    ],
  },
  {
    id: 'deployment',
    key: 'deployment',
    topics: [
      { key: 'edge', items: ['create', 'test', 'deploy'], ordered: true },
      { key: 'web', items: ['server', 'wait', 'delete'], note: true },
    ],
  },
  {
    id: 'market',
    key: 'market',
    topics: [
      { key: 'browse', items: ['filter', 'bookmark', 'export'] },
      { key: 'sell', items: ['name', 'description', 'covers', 'required', 'visibility'] },
    ],
  },
  {
    id: 'organizations',
    key: 'organizations',
    topics: [
      { key: 'roles', table: 'roles' },
      { key: 'members', items: ['invite', 'project', 'leave'], ordered: true, note: true },
    ],
  },
];

/** Anchor id of a topic: `<section id>-<topic key>`. */
export function topicId(section: DocSection, topic: DocTopic): string {
  return `${section.id}-${topic.key}`;
}
