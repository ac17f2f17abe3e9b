import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
// The activity trail.
import enUsActivity from './locales/en-us.activity.json';
// And file requests and attachments.
import enUsAttachments from './locales/en-us.attachments.json';
// Coverage: who has a portrait and who is still missing.
import enUsCoverage from './locales/en-us.coverage.json';
// Export formats and exports.
import enUsExports from './locales/en-us.exports.json';
// Families: the public claim page and gallery, and the school's guardians and opt-out requests.
import enUsFamilies from './locales/en-us.families.json';
import enUs from './locales/en-us.json';
// Layouts, prints and the roster import.
import enUsLayouts from './locales/en-us.layouts.json';
// Photo checks: the review of flagged portraits, their counts and the head-size rule.
import enUsPhotoChecks from './locales/en-us.photo-checks.json';
// Picture-day sessions, stations and the station screen.
import enUsPhotoSessions from './locales/en-us.photo-sessions.json';
// Picture day: photo batches, matching, review.
import enUsPictureDay from './locales/en-us.picture-day.json';
// The project area (projects, seasons, templates) keeps its wording in a file of its own.
import enUsProjects from './locales/en-us.projects.json';
// The subjects area likewise.
import enUsSubjects from './locales/en-us.subjects.json';
// Tethered capture at a station: the current student's frames, their checks, the pick.
import enUsTether from './locales/en-us.tether.json';
// Yearbook targets, deliveries to the publisher, the check before delivery and the deadlines.
import enUsYearbook from './locales/en-us.yearbook.json';

export const DEFAULT_LOCALE = 'en-us';

export const resources = {
  'en-us': {
    translation: {
      ...enUs,
      ...enUsProjects,
      ...enUsSubjects,
      ...enUsAttachments,
      ...enUsExports,
      ...enUsActivity,
      ...enUsLayouts,
      ...enUsPictureDay,
      ...enUsPhotoChecks,
      ...enUsCoverage,
      ...enUsPhotoSessions,
      ...enUsFamilies,
      ...enUsTether,
      ...enUsYearbook,
    },
  },
} as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: (typeof resources)['en-us'];
  }
}

void i18n.use(initReactI18next).init({
  resources,
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [DEFAULT_LOCALE],
  lowerCaseLng: true,
  // React escapes already.
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

export default i18n;
