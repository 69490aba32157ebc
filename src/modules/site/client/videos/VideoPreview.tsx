import { Alert, Box, Typography } from '@mui/material';
import { useGetList, useGetOne, useTranslate } from 'react-admin';
import { isVideoEmbedUrl } from '../../../../common/video';
import type { StoredRecord } from '../../../../client/schema/records';

const FRAME = { width: '100%', maxWidth: 640, aspectRatio: '16 / 9', border: 0, display: 'block', bgcolor: 'common.black' };

/**
 * A video's preview below its details (moduly/filmy/{video_id}): an uploaded file plays with its
 * captions as tracks (the browser's own controls, by keyboard and screen reader); a link or embed
 * code shows only the frame of its allow-listed embed address, never the code itself, in a
 * sandbox without the panel's origin. Autoplay is the site's option, never the panel's.
 */
export default function VideoPreview({ params }: { params: Record<string, string> }) {
  const translate = useTranslate();
  const { data: video } = useGetOne<StoredRecord>('videos', { id: params.video_id, meta: params });
  const { data: attachments } = useGetList<StoredRecord>('video_attachments', { pagination: { page: 1, perPage: 100 }, sort: { field: 'position', order: 'ASC' }, meta: params }, { enabled: video?.source === 'upload' });
  if (!video) return null;
  const title = String(video.title);
  const player = translate('resources.videos.preview.player', { title });
  const captions = (attachments ?? []).filter((row) => row.kind === 'captions' && typeof row.captions_uri === 'string');
  const embedUrl = typeof video.embed_url === 'string' && isVideoEmbedUrl(video.embed_url) ? video.embed_url : null;

  return (
    <Box component="section" aria-labelledby="video-preview-heading" sx={{ mt: 3 }}>
      <Typography id="video-preview-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('resources.videos.preview.heading')}
      </Typography>
      {video.source === 'upload' ? (
        typeof video.video_uri === 'string' ? (
          <Box component="video" controls preload="metadata" aria-label={player} src={video.video_uri} poster={typeof video.poster_uri === 'string' ? video.poster_uri : undefined} sx={FRAME}>
            {captions.map((row, index) => (
              <track key={row.id} kind="captions" src={String(row.captions_uri)} srcLang={String(row.language)} label={String(row.label)} default={video.captions_shown === true && index === 0} />
            ))}
          </Box>
        ) : (
          <Typography>{translate('resources.videos.preview.no_file')}</Typography>
        )
      ) : embedUrl ? (
        <>
          {video.source === 'embed' && (
            <Alert severity="info" sx={{ mb: 1 }}>
              {translate('resources.videos.preview.embed_note')}
            </Alert>
          )}
          <Box
            component="iframe"
            src={embedUrl}
            title={player}
            sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
            allow="encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            loading="lazy"
            sx={FRAME}
          />
        </>
      ) : (
        <Typography>{translate('resources.videos.preview.no_embed')}</Typography>
      )}
    </Box>
  );
}
