import { describe, expect, it } from 'vitest';
import { emptyLiveForm, liveBody, liveFormError, livePollMs } from './live-form';

describe('the Go live form', () => {
  it('needs a title and a description, as an upload does', () => {
    expect(liveFormError(emptyLiveForm())).toBe('Title is required');
    expect(liveFormError({ ...emptyLiveForm(), title: 'Night sky' })).toBe('Description is required');
    expect(liveFormError({ ...emptyLiveForm(), title: 'Night sky', description: 'Stars' })).toBeNull();
  });

  it('sends a price only with an exclusive live and only when at least 5', () => {
    const base = { title: ' Night sky ', description: ' Stars ', price: '12.5' };
    expect(liveBody({ ...base, isExclusive: false })).toEqual({ title: 'Night sky', description: 'Stars', isExclusive: false });
    expect(liveBody({ ...base, isExclusive: true })).toEqual({
      title: 'Night sky',
      description: 'Stars',
      isExclusive: true,
      price: 12.5,
    });
    expect(liveBody({ ...base, isExclusive: true, price: '4.99' })).not.toHaveProperty('price');
    expect(liveBody({ ...base, isExclusive: true, price: ' ' })).not.toHaveProperty('price');
  });

  it('sends membersOnly only when on', () => {
    const base = { title: 'Night sky', description: 'Stars', price: '5', isExclusive: false };
    expect(liveBody({ ...base, membersOnly: true })).toMatchObject({ membersOnly: true });
    expect(liveBody({ ...base, membersOnly: false })).not.toHaveProperty('membersOnly');
  });

  it('asks a waiting live every 2 s, else at the steady pace', () => {
    expect(livePollMs('waiting', 10_000)).toBe(2000);
    expect(livePollMs('live', 10_000)).toBe(10_000);
  });
});
