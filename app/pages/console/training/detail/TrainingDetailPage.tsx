/** /console/projects/:projectId/trainings/:trainingId: one training's progress and results. */
export default function TrainingDetailPage() {
  return <div data-testid="training-detail" />;
}
