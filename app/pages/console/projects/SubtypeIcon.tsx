import { Box } from '@chakra-ui/react';
import type { Subtype } from '../../../../contract/apiProjects';
import { StrokeIcon } from '../../../components/StrokeIcon';

/** Stroke paths (24×24) of the twenty project subtypes (spec section 3: each has an icon). */
export const SUBTYPE_ICONS: Record<Subtype, string> = {
  IMAGE_CLASSIFICATION: 'M3 5h14v11H3zM3 13l4-4 4 4 2-2 4 4M15 19l2 2 4-4',
  IMAGE_OBJECT_DETECTION: 'M3 7V3h4M17 3h4v4M21 17v4h-4M7 21H3v-4M8 8h8v8H8z',
  IMAGE_SEGMENTATION: 'M3 5h18v14H3zM7 15l3-6 4 2 3 4z',
  VIDEO_CLASSIFICATION: 'M3 6h13v12H3zM16 10l5-3v10l-5-3M6 12l2 2 4-4',
  VIDEO_MOTION_DETECTION: 'M3 6h13v12H3zM16 10l5-3v10l-5-3M6 10h5M5 14h7',
  VIDEO_TRACKING: 'M12 5a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM12 2v5M12 17v5M2 12h5M17 12h5',
  VIDEO_ACTION_RECOGNITION: 'M13 3a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM7 21l3-6 3 2v4M10 15l1-6 3 3h4M11 9l-4 2',
  VIDEO_GESTURE_RECOGNITION:
    'M8 13V6a1.5 1.5 0 0 1 3 0v5M11 11V4a1.5 1.5 0 0 1 3 0v7M14 11V6a1.5 1.5 0 0 1 3 0v7c0 4-2 7-6 7-3 0-4-2-6-5l-1-2a1.5 1.5 0 0 1 2.5-1.5L8 13',
  AUDIO_SOUND_CLASSIFICATION: 'M4 9h4l5-4v14l-5-4H4zM16 9a4 4 0 0 1 0 6M19 6a8 8 0 0 1 0 12',
  AUDIO_SPEECH_RECOGNITION: 'M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3M9 21h6',
  AUDIO_SPEAKER_RECOGNITION:
    'M9 4a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM3 20a6 6 0 0 1 12 0M18 8a4 4 0 0 1 0 6M20.5 5.5a8 8 0 0 1 0 11',
  AUDIO_SPEECH_SEPARATION: 'M2 12h3l2-5 3 10 2-5h2M14 12l3-4h5M14 12l3 4h5',
  SERIAL_FORECASTING: 'M3 17l4-5 4 3 4-6M15 9l2-2M19 5l2-2M3 21h18',
  SERIAL_CLASSIFICATION: 'M3 21h18M5 17v-4M9 17V9M13 17v-6M17 17V5',
  SERIAL_ANOMALY_DETECTION: 'M2 14h4l2-2 2 2 2-10 2 16 2-6h6',
  SERIAL_PREDICTION: 'M3 20h18M5 16l4-5 4 3 6-8M15 6h4v4',
  TEXT_CLASSIFICATION: 'M6 3h9l4 4v14H6zM9 9h6M9 13h6M9 17h3',
  TEXT_SUMMARIZATION: 'M4 6h16M4 10h16M4 14h10M4 18h6',
  TEXT_LANGUAGE_TRANSLATION: 'M3 5h8M7 5v2a6 6 0 0 1-4 5M6 9a6 6 0 0 0 5 4M13 21l4-9 4 9M14.5 18h5',
  TEXT_SENTIMENT_ANALYSIS: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM8 14s1.5 2 4 2 4-2 4-2M9 9h.01M15 9h.01',
};

/** A project subtype's icon, decorative (the subtype's name is always written beside it). */
export function SubtypeIcon({ subtype, size = 6 }: { subtype: Subtype; size?: number }) {
  return (
    <Box
      as="span"
      display="inline-flex"
      color="brand.fg"
      aria-hidden="true"
      w={size}
      h={size}
      flexShrink={0}
      data-subtype-icon={subtype}
    >
      <StrokeIcon path={SUBTYPE_ICONS[subtype]} size="100%" />
    </Box>
  );
}
