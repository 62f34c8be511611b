import type { Task } from "graphile-worker";
import { expireAudio } from "~/services/audio-retention.server";

/** Hourly (crontab): deletes the audio past its plan's retention or the user's setting (issue 32). */
const expireAudioTask: Task = async (_payload, helpers) => {
  const expired = await expireAudio();
  if (expired.length) helpers.logger.info(`retention: audio eliminato di ${expired.length} trascrizioni`);
};

export default expireAudioTask;
