import { useCan } from '../../app/can';

/**
 * Who does what with yearbook deliveries (the domain's policies): the studio or lab makes and changes
 * targets and makes deliveries; everyone who sees the project (the school's staff too) reads the ledger,
 * runs the check, downloads and chooses yearbook poses until the target's pose deadline.
 */
export function useYearbookAbilities() {
  const can = useCan();
  return {
    read: can('yearbook-target.list'),
    create: can('yearbook-target.create'),
    update: can('yearbook-target.update'),
    remove: can('yearbook-target.delete'),
    deliver: can('yearbook-delivery.create'),
    check: can('yearbook-delivery.check'),
    download: can('yearbook-delivery.download'),
    choosePose: can('yearbook-target.choose-pose'),
    deadline: can('yearbook-deadline.show'),
  };
}
