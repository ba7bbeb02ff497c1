/** /console/projects/:projectId/trainings/new: the new-training wizard. */
export default function NewTrainingPage() {
  return <div data-testid="new-training" />;
}
