import { useTranslation } from 'react-i18next';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A YYYY-MM-DD date in words ("Oct 14, 2026"), as the calendar day it names. */
export function formatDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? date : dateFormat.format(day);
}

/** How far off a deadline is, from the server's whole days left: "in 3 days", "today", "passed". */
export function useDeadlineWhen() {
  const { t } = useTranslation();
  return (daysLeft: number) => {
    if (daysLeft < 0) return t('yearbook.deadline.passed');
    if (daysLeft === 0) return t('yearbook.deadline.today');
    return t('yearbook.deadline.in-days', { count: daysLeft });
  };
}

/** A subject's name with its grade and teacher, as the check names them: "Ava Smith (3, Ms. Lee)". */
export function withClass(subject: { name: string; grade: string; teacher: string }): string {
  const place = [subject.grade, subject.teacher].filter(Boolean).join(', ');
  return place ? `${subject.name} (${place})` : subject.name;
}
