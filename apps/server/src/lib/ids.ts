import { uuidv7 } from 'uuidv7';

export const newId = (): string => uuidv7();
