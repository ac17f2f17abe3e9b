/**
 * What the activity trail records. Names are `<record>.<verb>`; the Activity page's "What"
 * filter lists these, in this order. Add a name here before recording it.
 */
export const AUDIT_ACTIONS = [
  'session.sign_in',
  'session.sign_in_failed',
  'project_export.create',
  'project_export.download',
  'layout_render.create',
  'layout_render.download',
  'yearbook_delivery.create',
  'yearbook_delivery.download',
  'attachment.download',
  'photo.download',
  'subject_import.apply',
  'photo_batch.apply',
  'coverage.notify',
  'subject.delete',
  'subject.merge',
  'subject.consent_change',
  'photo.delete',
  'project.delete',
  'user.delete',
  'user.rights_change',
  'license.change',
  // Families: a guardian's sign-in, gallery view, pose choice and opt-out request (the guardian named by
  // its id in the details), and the school's removal of a guardian and decision on a request.
  'family.sign_in',
  'family.view',
  'family.pose_choice',
  'family.opt_out_request',
  'guardian_link.delete',
  'opt_out_request.decide',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
