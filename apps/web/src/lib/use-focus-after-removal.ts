import { useEffect, useRef } from 'react';

/**
 * Deleting an item from a list removes the control that deleted it (its menu or button), and the
 * focus falls back to the page body. When `count` goes down and nothing holds the focus, it moves
 * to the returned element (a heading with tabIndex -1), so keyboard users stay on the list.
 */
export function useFocusAfterRemoval<T extends HTMLElement>(count: number | undefined) {
  const targetRef = useRef<T>(null);
  const previousCount = useRef(count);
  useEffect(() => {
    const shrank = count !== undefined && previousCount.current !== undefined && count < previousCount.current;
    if (shrank && (!document.activeElement || document.activeElement === document.body)) targetRef.current?.focus();
    previousCount.current = count;
  }, [count]);
  return targetRef;
}
