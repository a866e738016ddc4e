import { z } from 'zod';
import { envelope, isoDateTimeSchema } from '@console/shared-sdk/contract';
import { answerSerializerCompiler } from './answer-serializer.js';

// Answers are written from each route's JSON Schema; under the tests zod encodes them too and must agree.

const person = z.object({
  _id: z.string(),
  name: z.string(),
  nickname: z.string().nullable(),
  note: z.string().optional(),
  seenAt: isoDateTimeSchema(),
  role: z.union([z.literal('ADMIN'), z.object({ custom: z.string() })]),
  counts: z.record(z.string(), z.number().int()),
});
const schema = envelope(z.object({ list: z.array(person), records: z.number().int() }));

const writerOf = (checkAgainstZod: boolean) =>
  answerSerializerCompiler({ checkAgainstZod })({
    schema,
    method: 'GET',
    url: '/people',
    httpStatus: '200',
  });

const aisha = {
  _id: '0190a000-0000-7000-8000-000000000001',
  name: 'Aisha "Ash" Khan',
  nickname: null,
  seenAt: '2026-03-30T08:00:00.000Z',
  role: { custom: 'Allergen lead' },
  counts: { tasks: 3 },
};
const tom = { ...aisha, name: 'Tom', nickname: 'T', note: 'née', role: 'ADMIN', counts: {} };

test('an answer is written as zod writes it: nulls, optional fields, unions, records and escapes', () => {
  const answer = { status: true, data: { list: [aisha, tom], records: 2 } };
  for (const checked of [false, true]) {
    expect(JSON.parse(writerOf(checked)(answer))).toEqual(answer);
  }
});

test('a field the schema does not name is never written', () => {
  const withSecrets = {
    status: true,
    data: { list: [{ ...aisha, passwordHash: 'secret' }], records: 1, internal: 'x' },
  };
  for (const checked of [false, true]) {
    const written = writerOf(checked)(withSecrets);
    expect(written).not.toContain('secret');
    expect(written).not.toContain('internal');
  }
});

test('under the tests an answer zod refuses fails, as it did when zod wrote every answer', () => {
  const wrong = { status: true, data: { list: [{ ...aisha, counts: { tasks: 1.5 } }], records: 1 } };
  expect(() => writerOf(true)(wrong)).toThrow();
});
