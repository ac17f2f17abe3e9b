import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type PhotoBatch,
  type PhotoBatchItem,
  useChangeBatchItem,
  usePhotoBatchItems,
} from '../../api/picture-day';
import { useSubjectSearch } from '../../api/subjects';
import { GridList } from '../../components/GridList';
import { useNotify } from '../../components/Notifications';
import { PhotoFrame } from '../../components/PhotoFrame';
import { QueryState } from '../../components/QueryState';
import { BatchSection } from './BatchSection';

/** The API's reason ("no card before it") as the screen writes it. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** With `pending`: a photo whose upload never arrived is reviewed too (ignored, or uploaded again). */
const REVIEWED_STATES = ['pending', 'unmatched', 'ambiguous', 'ignored'] as const;
/** A pending photo that did arrive is waiting for a new match, not for a person. */
const toReview = (item: PhotoBatchItem) => item.state !== 'pending' || !item.verified;
const THUMB_WIDTH = 200;

/** The photos matching could not place: each assigned to a subject found by search, or ignored. */
export function ReviewPanel({ batch, projectId }: { batch: PhotoBatch; projectId: string }) {
  const { t } = useTranslation();
  const items = usePhotoBatchItems(batch.id, REVIEWED_STATES);
  return (
    <BatchSection id="batch-review-heading" title={t('picture-day.review.heading')}>
      <QueryState
        query={items}
        errorMessage={t('picture-day.review.load-failed')}
        isEmpty={(list) => !list.some(toReview)}
        emptyMessage={t('picture-day.review.empty')}
      >
        {(list) => (
          <GridList
            label={t('picture-day.review.label')}
            columns={{ xs: `repeat(auto-fill, minmax(${THUMB_WIDTH + 40}px, 1fr))` }}
          >
            {list.filter(toReview).map((item) => (
              <ReviewItem key={item.id} item={item} batchId={batch.id} projectId={projectId} />
            ))}
          </GridList>
        )}
      </QueryState>
    </BatchSection>
  );
}

interface SubjectOption {
  id: string;
  display_name: string;
}

function ReviewItem({
  item,
  batchId,
  projectId,
}: {
  item: PhotoBatchItem;
  batchId: string;
  projectId: string;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const change = useChangeBatchItem(batchId);
  const [text, setText] = useState('');
  const query = useDeferredValue(text);
  const search = useSubjectSearch(projectId, query);
  const options: SubjectOption[] = search.data ?? [];
  const ignored = item.state === 'ignored';
  const notUploaded = !item.verified;
  const save = (body: { subject_id: string } | { ignored: boolean }, done: string) =>
    change.mutate(
      { id: item.id, change: body },
      {
        onSuccess: () => notify({ message: done }),
        onError: () => notify({ message: t('picture-day.review.save-failed'), severity: 'error' }),
      },
    );
  return (
    <Card component="li" variant="outlined" data-testid="review-item">
      <PhotoFrame
        src={item.thumbnails.small}
        alt={item.file_name}
        dimmed={ignored}
        placeholder={
          <Typography variant="caption" color="text.secondary">
            {t('picture-day.review.no-thumbnail')}
          </Typography>
        }
      />
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="body2" noWrap title={item.file_name}>
          {item.file_name}
        </Typography>
        <Typography
          variant="body2"
          color={ignored ? 'text.secondary' : 'warning.main'}
          data-testid="review-reason"
        >
          {ignored
            ? t('picture-day.review.ignored')
            : notUploaded
              ? t('picture-day.review.not-uploaded')
              : item.reason
                ? sentence(item.reason)
                : t(`picture-day.item-state.${item.state}`)}
        </Typography>
        {item.value_read !== null && (
          <Typography variant="body2" color="text.secondary" data-testid="review-value-read">
            {t('picture-day.review.value-read', { value: item.value_read })}
          </Typography>
        )}
        {item.warning && (
          <Typography variant="body2" color="warning.main" data-testid="review-warning">
            {sentence(item.warning)}
          </Typography>
        )}
        {item.reason_code === 'duplicate' && item.candidate_subject_ids.length === 1 && (
          <Button
            size="small"
            variant="outlined"
            disabled={change.isPending}
            onClick={() =>
              save({ subject_id: item.candidate_subject_ids[0]! }, t('picture-day.review.assigned-anyway'))
            }
          >
            {t('picture-day.review.duplicate-assign')}
          </Button>
        )}
        {!ignored && !notUploaded && (
          <Autocomplete<SubjectOption>
            options={options}
            filterOptions={(all) => all}
            getOptionLabel={(option) => option.display_name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            inputValue={text}
            onInputChange={(_, value) => setText(value)}
            value={null}
            loading={search.isFetching}
            noOptionsText={
              query.trim() ? t('picture-day.review.no-subjects') : t('picture-day.review.type-to-search')
            }
            loadingText={t('picture-day.review.searching')}
            disabled={change.isPending}
            onChange={(_, subject) => {
              if (subject)
                save(
                  { subject_id: subject.id },
                  t('picture-day.review.assigned', { name: subject.display_name }),
                );
            }}
            renderInput={(params) => (
              <TextField {...params} size="small" label={t('picture-day.review.assign')} />
            )}
          />
        )}
        <Button
          size="small"
          disabled={change.isPending}
          onClick={() =>
            save(
              { ignored: !ignored },
              ignored ? t('picture-day.review.unignored') : t('picture-day.review.ignored-saved'),
            )
          }
        >
          {ignored ? t('picture-day.review.unignore') : t('picture-day.review.ignore')}
        </Button>
      </CardContent>
    </Card>
  );
}
