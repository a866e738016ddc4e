import { logTypeSchema, type LogType, type Option } from '@console/shared-sdk';
import { logTypeLabels } from '@console/shared-sdk/tasks';

// The spec's ten log types as the templates screen and the library offer and show them.

export const logTypeOptions: readonly Option[] = logTypeSchema.options.map((type) => ({
  value: type,
  label: logTypeLabels[type],
}));

export const isLogType = (value: unknown): value is LogType => logTypeSchema.safeParse(value).success;

/** A template's type as a word; a template that is none of the log checks is a general checklist. */
export const typeLabel = (type: LogType | null) => (type ? logTypeLabels[type] : 'General');

export const itemCount = (count: number) => (count === 1 ? '1 item' : `${count} items`);
