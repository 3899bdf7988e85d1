/**
 * A day of the shop's calendar as the API takes it (YYYY-MM-DD): a real date (2025-02-30 is refused,
 * not read as March 2nd) within years 2000-2099. The range keeps every day the shop can mean and
 * leaves room for the arithmetic done on it (the next open day, a week's span): PostgreSQL has no
 * year 0, and the day after 9999-12-31 is not a date JavaScript writes as YYYY-MM-DD.
 */
import { z } from 'zod';
import { isIsoDate } from '../delivery-date.js';
import { v } from '../validation.js';

export const FIRST_CALENDAR_DAY = '2000-01-01';
export const LAST_CALENDAR_DAY = '2099-12-31';

export const isCalendarDay = (value: string): boolean => isIsoDate(value) && value >= FIRST_CALENDAR_DAY && value <= LAST_CALENDAR_DAY;

export const calendarDaySchema = z.string(v('date')).refine(isCalendarDay, v('date'));
