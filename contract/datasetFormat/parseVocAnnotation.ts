/**
 * One Pascal VOC annotation file, parsed without any DTD: a DOCTYPE or ENTITY declaration is
 * refused outright (no XXE, no billion laughs), and only XML's five predefined entities and
 * character references are decoded, by hand, in the texts that are used.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';
import { DatasetImportError } from './types';

export interface VocObject {
  name: string;
  xmin: number;
  ymin: number;
  xmax: number;
  ymax: number;
}

export interface VocAnnotation {
  filename: string;
  width: number;
  height: number;
  objects: VocObject[];
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

/** Decodes predefined entities and character references; any other entity is left as written. */
export function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return PREDEFINED[ref] ?? whole;
  });
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const text = z.string().transform(decodeXmlText).pipe(z.string().trim().min(1));
const number = z.string().trim().regex(NUMBER).transform(Number).pipe(z.number().finite());
const vocSchema = z.object({
  annotation: z.object({
    filename: text,
    size: z.object({ width: number.pipe(z.number().positive()), height: number.pipe(z.number().positive()) }),
    object: z
      .array(z.object({ name: text, bndbox: z.object({ xmin: number, ymin: number, xmax: number, ymax: number }) }))
      .optional(),
  }),
});

const parser = new XMLParser({
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  processEntities: false,
  htmlEntities: false,
  trimValues: true,
  isArray: (tagName) => tagName === 'object',
});

/** Parses VOC XML; anything unparsable or missing a required field is `annotation_malformed` with `entry`. */
export function parseVocAnnotation(xml: string, entry: string): VocAnnotation {
  const malformed = new DatasetImportError('annotation_malformed', entry);
  if (/<!(DOCTYPE|ENTITY)/i.test(xml)) throw malformed;
  if (XMLValidator.validate(xml) !== true) throw malformed;
  let parsed: unknown;
  try {
    parsed = parser.parse(xml);
  } catch {
    throw malformed;
  }
  const result = vocSchema.safeParse(parsed);
  if (!result.success) throw malformed;
  const { filename, size, object } = result.data.annotation;
  return {
    filename,
    width: size.width,
    height: size.height,
    objects: (object ?? []).map((o) => ({ name: o.name, ...o.bndbox })),
  };
}
