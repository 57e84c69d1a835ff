import { describe, expect, it } from 'vitest';
import { describeProblems } from './validate.ts';

describe('describeProblems', () => {
  const missing = 'Invalid input: expected string, received undefined';
  it('names a missing field in words', () => {
    expect(describeProblems([{ field: 'email', problem: missing }])).toBe('Email is required');
    expect(describeProblems([{ field: 'body.newPassword', problem: missing }])).toBe('New password is required');
  });
  it("uses a schema's own message as written", () => {
    expect(describeProblems([{ field: 'body.password', problem: 'Password is required' }])).toBe('Password is required');
  });
  it('says what is wrong with a field of the wrong type', () => {
    expect(describeProblems([{ field: 'body.username', problem: 'Invalid input: expected string, received number' }])).toBe(
      'Invalid username: expected string, received number',
    );
  });
  it('puts the field name before a shared rule', () => {
    expect(describeProblems([{ field: 'body.content', problem: 'must not contain control characters' }])).toBe(
      'Content must not contain control characters',
    );
  });
  it('a body that is not an object at all', () => {
    expect(describeProblems([{ field: 'body', problem: 'Invalid input: expected object, received null' }])).toBe(
      'Expected a JSON object as the request body',
    );
    expect(describeProblems([])).toBe('Invalid input');
  });
});
