import { messages } from '@ishuri/contract';

/** "Good Morning" before 12, "Good Afternoon" before 18, else "Good Evening" (product.md §9). */
export function greeting(date = new Date()): string {
  const hour = date.getHours();
  if (hour < 12) return messages.goodMorning;
  if (hour < 18) return messages.goodAfternoon;
  return messages.goodEvening;
}
