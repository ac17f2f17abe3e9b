import EditIcon from '@mui/icons-material/Edit';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { routePath, useProjectId } from '../../app/routes';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { DeleteButton } from '../../components/DeleteButton';
import { useNotify } from '../../components/Notifications';
import { Page } from '../../components/Page';
import { PageQueryState } from '../../components/PageQueryState';
import { LinkButton } from '../../components/RouterLink';
import { SectionCard } from '../../components/Section';
import { useYearbookAbilities } from './abilities';
import {
  type DeliveryKind,
  useDeleteTarget,
  useDeliveries,
  useMakeDelivery,
  useYearbookTarget,
  type YearbookTarget,
} from './api';
import { DeadlineList } from './DeadlineList';
import { formatDay } from './format';
import { Ledger } from './Ledger';
import { PoseChooser } from './PoseChooser';
import { refusal } from './refusal';

/** Make a Full Delivery and Make a Changes Delivery, each after its confirmation (202: it is queued). */
function DeliveryActions({ projectId, target }: { projectId: string; target: YearbookTarget }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const make = useMakeDelivery(projectId, target.id);
  const deliveries = useDeliveries(target.id);
  const [confirming, setConfirming] = useState<DeliveryKind | null>(null);
  // A changes delivery counts from the last completed one.
  const hasCompleted = deliveries.data?.some((d) => d.status === 'completed') ?? false;
  const close = () => {
    if (make.isPending) return;
    make.reset();
    setConfirming(null);
  };
  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="contained" onClick={() => setConfirming('full')}>
          {t('yearbook.target.full')}
        </Button>
        <Button variant="contained" disabled={!hasCompleted} onClick={() => setConfirming('changes')}>
          {t('yearbook.target.changes')}
        </Button>
      </Stack>
      {deliveries.isSuccess && !hasCompleted && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('yearbook.target.changes-needs-full')}
        </Typography>
      )}
      <Dialog open={confirming !== null} onClose={close} aria-labelledby="yearbook-delivery-confirm-title">
        <DialogTitle id="yearbook-delivery-confirm-title">
          {t(
            confirming === 'changes'
              ? 'yearbook.target.confirm.changes-title'
              : 'yearbook.target.confirm.full-title',
          )}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t(
              confirming === 'changes'
                ? 'yearbook.target.confirm.changes-text'
                : 'yearbook.target.confirm.full-text',
            )}
          </DialogContentText>
          {make.isError && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {refusal(make.error, t('yearbook.target.start-failed'))}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={make.isPending}>
            {t('yearbook.target.confirm.cancel')}
          </Button>
          <Button
            variant="contained"
            disabled={make.isPending || confirming === null}
            onClick={() =>
              confirming &&
              make.mutate(confirming, {
                onSuccess: () => {
                  notify({ message: t('yearbook.target.started') });
                  make.reset();
                  setConfirming(null);
                },
              })
            }
          >
            {t('yearbook.target.confirm.start')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** Delete, for a target nothing was delivered to yet (after its confirmation); back to the targets. */
function DeleteTarget({ projectId, target }: { projectId: string; target: YearbookTarget }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const remove = useDeleteTarget(projectId);
  const [open, setOpen] = useState(false);
  return (
    <>
      <DeleteButton onClick={() => setOpen(true)}>{t('yearbook.target.delete')}</DeleteButton>
      <ConfirmDeleteDialog
        open={open}
        title={t('yearbook.target.delete-title')}
        text={t('yearbook.target.delete-text', { name: target.publisher_name })}
        cancelLabel={t('yearbook.target.confirm.cancel')}
        confirmLabel={t('yearbook.target.delete')}
        pending={remove.isPending}
        error={remove.isError ? refusal(remove.error, t('yearbook.target.delete-failed')) : null}
        onConfirm={() =>
          remove.mutate(target.id, {
            onSuccess: () => {
              notify({ message: t('yearbook.target.deleted', { name: target.publisher_name }) });
              navigate(routePath('project.yearbook', { projectId }));
            },
          })
        }
        onClose={() => {
          remove.reset();
          setOpen(false);
        }}
      />
    </>
  );
}

/** A term and its value in the target's facts. */
function Fact({ id, term, children }: { id: string; term: string; children: ReactNode }) {
  return (
    <Box data-testid={`yearbook-target-${id}`}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** What a delivery to this publisher writes: the format, the image size, the index's encoding, MASTER.TXT. */
function TargetFacts({ target }: { target: YearbookTarget }) {
  const { t } = useTranslation();
  const yesNo = (value: boolean | null) =>
    value === null
      ? t('yearbook.target.as-format')
      : value
        ? t('yearbook.target.yes')
        : t('yearbook.target.no');
  return (
    <Box
      component="dl"
      aria-label={t('yearbook.target.facts-label')}
      sx={{ m: 0, mb: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}
    >
      <Fact id="format" term={t('yearbook.format')}>
        {target.project_export_format_name ?? t('yearbook.no-format')}
      </Fact>
      <Fact id="image-size" term={t('yearbook.target.image-size')}>
        {target.image_width && target.image_height
          ? t('yearbook.target.pixels', { width: target.image_width, height: target.image_height })
          : t('yearbook.target.as-format')}
      </Fact>
      <Fact id="encoding" term={t('yearbook.target.encoding')}>
        {target.data_encoding ?? t('yearbook.target.as-format')}
      </Fact>
      <Fact id="master" term={t('yearbook.target.master-file')}>
        {yesNo(target.master_file)}
      </Fact>
      <Fact id="header" term={t('yearbook.target.header')}>
        {yesNo(target.header)}
      </Fact>
      <Fact id="pose-deadline" term={t('yearbook.target.pose-deadline')}>
        {target.pose_deadline ? formatDay(target.pose_deadline) : t('yearbook.target.no-pose-deadline')}
      </Fact>
    </Box>
  );
}

/**
 * One yearbook target: what a delivery to its publisher writes and its deadlines; Check Before Delivery;
 * for the studio or lab, Edit and the two deliveries; the ledger; and the students whose yearbook pose is
 * still to be chosen, until the pose deadline.
 */
export function TargetPage() {
  const { t } = useTranslation();
  const projectId = useProjectId();
  const { targetId = '' } = useParams();
  const abilities = useYearbookAbilities();
  const target = useYearbookTarget(targetId);

  return (
    <PageQueryState
      query={target}
      title={t('yearbook.target.title')}
      errorMessage={t('yearbook.target.load-failed')}
    >
      {(data) => (
        <Page
          title={t('yearbook.target.heading', { name: data.publisher_name })}
          actions={
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {abilities.check && (
                <LinkButton
                  to={routePath('project.yearbook-target.check', { projectId, targetId })}
                  icon={<FactCheckIcon />}
                >
                  {t('yearbook.target.check')}
                </LinkButton>
              )}
              {abilities.update && (
                <LinkButton
                  to={routePath('project.yearbook-target.edit', { projectId, targetId })}
                  icon={<EditIcon />}
                >
                  {t('yearbook.target.edit')}
                </LinkButton>
              )}
              {abilities.remove && data.deliveries_count === 0 && (
                <DeleteTarget projectId={projectId} target={data} />
              )}
            </Stack>
          }
        >
          <Stack spacing={3}>
            <SectionCard id="yearbook-target-about" title={t('yearbook.target.about')}>
              <TargetFacts target={data} />
              <DeadlineList deadlines={data.deadlines} />
              {abilities.deliver && (
                <Box sx={{ mt: 2 }}>
                  <DeliveryActions projectId={projectId} target={data} />
                </Box>
              )}
            </SectionCard>
            <Ledger projectId={projectId} targetId={data.id} />
            {abilities.choosePose && <PoseChooser projectId={projectId} target={data} />}
          </Stack>
        </Page>
      )}
    </PageQueryState>
  );
}
