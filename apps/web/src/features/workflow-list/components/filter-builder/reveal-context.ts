import { createContext } from 'react';

// How many times Apply was pressed while the filter was invalid. A condition that was on screen at
// such a press shows its problem even if the person never touched it; one added later waits for
// its own touch, so a new condition is not red before it is used.
export const RevealContext = createContext(0);

// The controls a problem marks, in page order: Apply moves the cursor to the first of them.
export const PROBLEM_SELECTOR = '[aria-invalid="true"], [data-filter-problem]';
