// SPDX-License-Identifier: GPL-2.0
/*
 * Minimal /init for the boot tests: mount what the tests need, run each
 * test listed in /etc/boot-tests with a timeout, print one result line per
 * test and power the machine off.
 *
 * /etc/boot-tests has one test a line: "NAME TIMEOUT PROGRAM [ARG...]".
 * "bt.tests=NAME,NAME" on the kernel command line selects tests by name;
 * without it every listed test runs.
 *
 * Output lines for the host, one each:
 *   BT-INIT
 *   BT-RESULT NAME PASS|FAIL|SKIP|TIMEOUT status=N secs=S
 *   BT-DONE pass=N fail=N skip=N
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>

#define MAX_ARGS	16
#define MAX_LINE	512
#define KSFT_SKIP	4

static char selected[MAX_LINE];

static void setup_console(void)
{
	int fd;

	if (fcntl(1, F_GETFD) != -1)
		return;
	fd = open("/dev/console", O_RDWR);
	if (fd < 0)
		return;
	dup2(fd, 0);
	dup2(fd, 1);
	dup2(fd, 2);
	if (fd > 2)
		close(fd);
}

static void do_mount(const char *src, const char *dir, const char *type)
{
	mkdir(dir, 0755);
	if (mount(src, dir, type, 0, NULL) && errno != EBUSY)
		printf("init: mount %s on %s: %s\n", type, dir, strerror(errno));
}

static void read_selection(void)
{
	char buf[4096];
	char *p, *end;
	ssize_t n;
	int fd;

	fd = open("/proc/cmdline", O_RDONLY);
	if (fd < 0)
		return;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return;
	buf[n] = '\0';
	p = strstr(buf, "bt.tests=");
	if (!p)
		return;
	p += strlen("bt.tests=");
	end = p + strcspn(p, "\n\t ");
	*end = '\0';
	snprintf(selected, sizeof(selected), ",%s,", p);
}

static int is_selected(const char *name)
{
	char key[MAX_LINE];

	if (!selected[0])
		return 1;
	snprintf(key, sizeof(key), ",%s,", name);
	return strstr(selected, key) != NULL;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Run one test; return its verdict as a string. */
static const char *run_test(char **argv, int timeout, int *status,
			    double *secs)
{
	struct timespec tick = { 0, 20 * 1000 * 1000 };
	double start = now();
	pid_t pid;

	*status = -1;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return "FAIL";
	if (pid == 0) {
		setsid();
		execv(argv[0], argv);
		printf("init: exec %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	for (;;) {
		pid_t r = waitpid(pid, status, WNOHANG);

		*secs = now() - start;
		if (r == pid)
			break;
		if (r < 0 && errno != EINTR)
			return "FAIL";
		if (*secs > timeout) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			waitpid(pid, status, 0);
			return "TIMEOUT";
		}
		nanosleep(&tick, NULL);
	}
	if (WIFEXITED(*status)) {
		*status = WEXITSTATUS(*status);
		if (*status == 0)
			return "PASS";
		if (*status == KSFT_SKIP)
			return "SKIP";
		return "FAIL";
	}
	*status = 128 + WTERMSIG(*status);
	return "FAIL";
}

static int split(char *line, char **argv)
{
	int argc = 0;
	char *tok;

	for (tok = strtok(line, " \t\n"); tok && argc < MAX_ARGS - 1;
	     tok = strtok(NULL, " \t\n"))
		argv[argc++] = tok;
	argv[argc] = NULL;
	return argc;
}

int main(void)
{
	int pass = 0, fail = 0, skip = 0;
	char line[MAX_LINE];
	FILE *list;

	setup_console();
	do_mount("proc", "/proc", "proc");
	do_mount("sysfs", "/sys", "sysfs");
	do_mount("devtmpfs", "/dev", "devtmpfs");
	do_mount("tmpfs", "/tmp", "tmpfs");
	setup_console();
	setvbuf(stdout, NULL, _IOLBF, 0);
	setenv("PATH", "/bin", 1);
	read_selection();
	printf("BT-INIT\n");

	list = fopen("/etc/boot-tests", "r");
	if (!list) {
		printf("init: /etc/boot-tests: %s\n", strerror(errno));
		fail++;
	}
	while (list && fgets(line, sizeof(line), list)) {
		char *argv[MAX_ARGS];
		const char *verdict;
		double secs = 0;
		int argc, status;

		if (line[0] == '#')
			continue;
		argc = split(line, argv);
		if (argc < 3 || !is_selected(argv[0]))
			continue;
		printf("BT-START %s\n", argv[0]);
		verdict = run_test(argv + 2, atoi(argv[1]), &status, &secs);
		printf("BT-RESULT %s %s status=%d secs=%.1f\n",
		       argv[0], verdict, status, secs);
		if (!strcmp(verdict, "PASS"))
			pass++;
		else if (!strcmp(verdict, "SKIP"))
			skip++;
		else
			fail++;
	}
	if (list)
		fclose(list);

	printf("BT-DONE pass=%d fail=%d skip=%d\n", pass, fail, skip);
	sync();
	reboot(RB_POWER_OFF);
	for (;;)
		pause();
}
