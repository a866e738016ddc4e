import type { z } from 'zod';
import {
  checkKindAt,
  checkOf,
  failureOf,
  judgeReading,
  ruleSetOf,
  standardsOf,
  type RuleChoice,
  type ComplianceAnswerRecord,
  type ComplianceResult,
  type complianceAnswerInputSchema,
  type LogType,
} from '@console/shared-sdk/contract';
import type { ChecklistItemRecord } from '../../tasks/index.js';
import type { FieldErrors } from '../../../platform/http/errors.js';
import { refuseFieldErrors } from '../log-records.js';

// How a compliance log's answers are judged. A line fails when it is answered NO or its temperature breaks
// the limits of its check (DOMAIN.md's table, temperature-standards.ts); a failing line needs a comment
// saying what is wrong or what was done. The limits are copied into the line, so a correction made later
// is judged by the limits the line was answered under.

export type AnswerSent = z.output<typeof complianceAnswerInputSchema>;

const unanswered = (
  question: Pick<ChecklistItemRecord, 'id' | 'text' | 'required'>,
): ComplianceAnswerRecord => ({
  _id: question.id,
  text: question.text,
  required: question.required,
  answer: null,
  celsius: null,
  checkKind: null,
  limits: null,
  comment: null,
  result: null,
});

/**
 * One line as answered: `previous` is the line as the log holds it, when this is a correction. Problems go
 * into `errors` under `answers.<index>.<field>` (the index of the line as sent).
 */
function judgedLine(
  logType: LogType,
  jurisdiction: RuleChoice,
  line: ComplianceAnswerRecord,
  sent: AnswerSent,
  at: string,
  errors: FieldErrors,
): ComplianceAnswerRecord {
  const comment = sent.comment ? sent.comment : null;
  const celsius = sent.celsius ?? null;
  const judged: ComplianceAnswerRecord = {
    ...unanswered({ id: line._id, text: line.text, required: line.required }),
    answer: sent.answer,
    comment,
  };
  if (sent.answer === 'NA') {
    if (celsius !== null) errors[`${at}.celsius`] = ['A question answered NA takes no temperature'];
    return judged;
  }
  let failure = sent.answer === 'NO' ? 'A NO answer needs a comment saying what is wrong' : null;
  let result: ComplianceAnswerRecord['result'] = sent.answer === 'NO' ? 'FAIL' : 'PASS';
  if (celsius !== null) {
    const standard = standardsOf(jurisdiction)[logType];
    const named = sent.checkKind ?? line.checkKind ?? standard.checks[0].kind;
    // A template's line is shared by sites under different rule sets: England's "COOLED" is New York's last
    // stage of cooling.
    const kind = checkKindAt(logType, named, jurisdiction) ?? named;
    const check = checkOf(logType, kind, jurisdiction);
    if (!check) {
      const kinds = standard.checks.map((one) => one.kind).join(', ');
      errors[`${at}.checkKind`] = [`Not a check of a ${standard.label.toLowerCase()} log: use ${kinds}`];
      return judged;
    }
    // A line corrected under the same check keeps the limits it was first judged by.
    const limits =
      line.limits && line.checkKind === kind
        ? line.limits
        : { ...check.limits, upperExclusive: check.limits.upperExclusive === true };
    const temperature = judgeReading(celsius, limits);
    if (result !== 'FAIL') result = temperature;
    const broken = failureOf(celsius, limits, ruleSetOf(jurisdiction).unit);
    if (broken && !failure) failure = `${broken}: say in a comment what was done about it`;
    Object.assign(judged, { celsius, checkKind: kind, limits });
  }
  if (result === 'FAIL' && comment === null && failure) errors[`${at}.comment`] = [failure];
  return { ...judged, result };
}

/** Where each sent line goes, by `_id`; an id twice or one the log has not is an error on that line. */
function linesById(sent: readonly AnswerSent[], known: ReadonlySet<string>, errors: FieldErrors) {
  const byId = new Map<string, { sent: AnswerSent; at: string }>();
  sent.forEach((line, index) => {
    const at = `answers.${index}`;
    if (!known.has(line._id)) errors[`${at}._id`] = ['Not a question of this checklist'];
    else if (byId.has(line._id)) errors[`${at}._id`] = ['This question is answered twice'];
    else byId.set(line._id, { sent: line, at });
  });
  return byId;
}

/**
 * The answers of a new log from the template's questions, in the template's order. Every required question
 * needs an answer (a 400 on `answers` naming each one left out); an optional one may be left out.
 */
export function answersOfSubmission(
  logType: LogType,
  jurisdiction: RuleChoice,
  questions: readonly ChecklistItemRecord[],
  sent: readonly AnswerSent[],
): ComplianceAnswerRecord[] {
  const errors: FieldErrors = {};
  const byId = linesById(sent, new Set(questions.map((question) => question.id)), errors);
  const missing: string[] = [];
  const answers = questions.map((question) => {
    const line = byId.get(question.id);
    if (line) return judgedLine(logType, jurisdiction, unanswered(question), line.sent, line.at, errors);
    if (question.required) missing.push(`"${question.text}" is required: answer it`);
    return unanswered(question);
  });
  if (missing.length > 0) errors.answers = missing;
  refuseFieldErrors(errors);
  return answers;
}

/** The log's answers with the sent lines corrected (each replaced whole), judged again. */
export function correctedAnswers(
  logType: LogType,
  jurisdiction: RuleChoice,
  current: readonly ComplianceAnswerRecord[],
  sent: readonly AnswerSent[],
): ComplianceAnswerRecord[] {
  const errors: FieldErrors = {};
  const byId = linesById(sent, new Set(current.map((line) => line._id)), errors);
  const answers = current.map((line) => {
    const correction = byId.get(line._id);
    return correction
      ? judgedLine(logType, jurisdiction, line, correction.sent, correction.at, errors)
      : line;
  });
  refuseFieldErrors(errors);
  return answers;
}

/** A log fails when any of its lines fails; WARN lines (a fridge between 5 and 8 °C) do not fail it. */
export function logResultOf(answers: readonly ComplianceAnswerRecord[]): {
  result: ComplianceResult;
  failedCount: number;
} {
  const failedCount = answers.filter((line) => line.result === 'FAIL').length;
  return { result: failedCount > 0 ? 'FAIL' : 'PASS', failedCount };
}
