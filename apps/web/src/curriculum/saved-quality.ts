import { createContext } from 'react';

/**
 * The video size saved on this device for the course being learned (issue 15): its videos start
 * at that size, the one that plays without a network. Null when the course is not saved.
 */
export const SavedQualityContext = createContext<string | null>(null);
