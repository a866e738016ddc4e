import { v7 } from 'uuid';

/** A new record id: UUIDv7, so ids sort in creation order. */
export const newId = (): string => v7();
