ALTER TABLE `events` ADD `time_zone` text;--> statement-breakpoint
ALTER TABLE `seasons` ADD `time_zone` text;