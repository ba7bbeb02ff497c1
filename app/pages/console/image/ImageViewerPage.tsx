import { Box } from '@chakra-ui/react';
import { useParams } from 'wouter';
import { ConsoleScope } from '../ConsoleScope';
import { ImageViewer } from './ImageViewer';

/** /console/projects/:projectId/images/:imageId: one image of a project in the WebGL viewer. */
export default function ImageViewerPage() {
  const params = useParams<{ projectId: string; imageId: string }>();
  return (
    <ConsoleScope>
      <Box maxW="1600px" mx="auto" px={{ base: '3', md: '6' }} py="4">
        <ImageViewer key={params.projectId} projectId={params.projectId} imageId={params.imageId} />
      </Box>
    </ConsoleScope>
  );
}
