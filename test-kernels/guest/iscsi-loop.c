// SPDX-License-Identifier: GPL-2.0
/*
 * An iSCSI session over loopback, inside the guest: the kernel's LIO
 * target exports a RAM disk on 127.0.0.1:3260, this program logs in to
 * it (the login phase is user space's job, as open-iscsi's iscsid does
 * it) and hands the connected socket to the kernel's iscsi_tcp initiator
 * over NETLINK_ISCSI, then writes a pattern to the disk with O_DIRECT
 * and reads it back.  The reads go through iscsi_tcp_recv_skb(), which
 * maps the skb fragments (skb_seq_read()) and the pages of the read
 * buffer (iscsi_tcp_segment_map()) with kmap_atomic().
 *
 * Exit status: 0 the data read back is what was written, 1 otherwise.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <linux/netlink.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>

#define CFG		"/sys/kernel/config/target"
#define TGT_IQN		"iqn.2026-12.example.boot-test:ram0"
#define INI_IQN		"iqn.2026-12.example.boot-test:initiator"
#define PORT		3260
#define DISK_MIB	16
#define IO_SIZE		(1 << 20)
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* From include/scsi/iscsi_if.h (not uapi): the netlink message. */
enum {
	EV_CREATE_SESSION = 11,
	EV_CREATE_CONN = 13,
	EV_BIND_CONN = 15,
	EV_SET_PARAM = 16,
	EV_START_CONN = 17,
	EV_IF_ERROR = 103,
};

enum {
	P_MAX_RECV_DLENGTH,
	P_MAX_XMIT_DLENGTH,
	P_HDRDGST_EN,
	P_DATADGST_EN,
	P_INITIAL_R2T_EN,
	P_MAX_R2T,
	P_IMM_DATA_EN,
	P_FIRST_BURST,
	P_MAX_BURST,
	P_PDU_INORDER_EN,
	P_DATASEQ_INORDER_EN,
	P_ERL,
	P_IFMARKER_EN,
	P_OFMARKER_EN,
	P_EXP_STATSN,
	P_TARGET_NAME,
	P_TPGT,
	P_PERSISTENT_ADDRESS,
	P_PERSISTENT_PORT,
};

struct iscsi_uevent {
	uint32_t type;
	uint32_t iferror;
	uint64_t transport_handle;
	union {
		struct {
			uint32_t initial_cmdsn;
			uint16_t cmds_max;
			uint16_t queue_depth;
		} c_session;
		struct {
			uint32_t sid;
			uint32_t cid;
		} c_conn;
		struct {
			uint32_t sid;
			uint32_t cid;
			uint64_t transport_eph;
			uint32_t is_leading;
		} b_conn;
		struct {
			uint32_t sid;
			uint32_t cid;
			uint32_t param;
			uint32_t len;
		} set_param;
		uint8_t size[24];
	} u;
	union {
		int retcode;
		struct {
			uint32_t sid;
			uint32_t host_no;
		} c_session_ret;
		struct {
			uint32_t sid;
			uint32_t cid;
		} c_conn_ret;
		uint8_t size[16];
	} r;
};

_Static_assert(sizeof(struct iscsi_uevent) == 56, "struct iscsi_uevent");

static int fail(const char *what)
{
	printf("iscsi-loop: %s: %s\n", what, strerror(errno));
	return -1;
}

static int write_str(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return fail(path);
	n = write(fd, val, strlen(val));
	close(fd);
	if (n != (ssize_t)strlen(val))
		return fail(path);
	return 0;
}

static int make_dir(const char *path)
{
	if (mkdir(path, 0755) && errno != EEXIST)
		return fail(path);
	return 0;
}

/* LIO: a RAM disk, exported on 127.0.0.1:3260 to any initiator. */
static int setup_target(void)
{
	const char *tpg = CFG "/iscsi/" TGT_IQN "/tpgt_1";
	char buf[256];

	if (make_dir("/sys/kernel/config") ||
	    (mount("configfs", "/sys/kernel/config", "configfs", 0, NULL) &&
	     errno != EBUSY))
		return fail("mount configfs");
	if (make_dir(CFG "/core/rd_mcp_0") ||
	    make_dir(CFG "/core/rd_mcp_0/ram0"))
		return -1;
	snprintf(buf, sizeof(buf), "rd_pages=%d", DISK_MIB * 256);
	if (write_str(CFG "/core/rd_mcp_0/ram0/control", buf) ||
	    write_str(CFG "/core/rd_mcp_0/ram0/enable", "1"))
		return -1;
	if (make_dir(CFG "/iscsi") || make_dir(CFG "/iscsi/" TGT_IQN))
		return -1;
	if (make_dir(tpg))
		return -1;
	snprintf(buf, sizeof(buf), "%s/lun/lun_0", tpg);
	if (make_dir(buf))
		return -1;
	snprintf(buf, sizeof(buf), "%s/lun/lun_0/ram0", tpg);
	if (symlink(CFG "/core/rd_mcp_0/ram0", buf))
		return fail("link the LUN");
	snprintf(buf, sizeof(buf), "%s/np/127.0.0.1:%d", tpg, PORT);
	if (make_dir(buf))
		return -1;
	snprintf(buf, sizeof(buf), "%s/attrib/authentication", tpg);
	if (write_str(buf, "0"))
		return -1;
	snprintf(buf, sizeof(buf), "%s/attrib/generate_node_acls", tpg);
	if (write_str(buf, "1"))
		return -1;
	snprintf(buf, sizeof(buf), "%s/attrib/demo_mode_write_protect", tpg);
	if (write_str(buf, "0"))
		return -1;
	snprintf(buf, sizeof(buf), "%s/enable", tpg);
	return write_str(buf, "1");
}

static int loopback_up(void)
{
	struct ifreq ifr;
	int s = socket(AF_INET, SOCK_DGRAM, 0);

	if (s < 0)
		return fail("socket");
	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "lo");
	if (ioctl(s, SIOCGIFFLAGS, &ifr))
		return fail("SIOCGIFFLAGS lo");
	ifr.ifr_flags |= IFF_UP;
	if (ioctl(s, SIOCSIFFLAGS, &ifr))
		return fail("SIOCSIFFLAGS lo");
	close(s);
	return 0;
}

static int read_full(int fd, void *buf, size_t len)
{
	size_t done = 0;
	ssize_t n;

	while (done < len) {
		n = read(fd, (char *)buf + done, len - done);
		if (n <= 0)
			return -1;
		done += n;
	}
	return 0;
}

/* The login: what was negotiated, for the kernel's parameters. */
struct login {
	uint32_t cmdsn;
	uint32_t statsn;
	uint32_t tsih;
	uint32_t tpgt;
	char keys[4096];	/* the target's answers, NUL-separated */
	size_t keys_len;
};

static const char *key(const struct login *l, const char *name)
{
	size_t n = strlen(name);
	const char *p = l->keys;

	while (p < l->keys + l->keys_len) {
		if (!strncmp(p, name, n) && p[n] == '=')
			return p + n + 1;
		p += strlen(p) + 1;
	}
	return NULL;
}

/* One login request (CSG, NSG, transit) with TEXT; reads the answer. */
static int login_pdu(int s, struct login *l, int csg, int nsg,
		     const char *text, size_t len)
{
	unsigned char bhs[48], rsp[48];
	static char data[8192];
	uint32_t dlen;

	memset(bhs, 0, sizeof(bhs));
	bhs[0] = 0x40 | 0x03;
	bhs[1] = 0x80 | csg << 2 | nsg;
	bhs[5] = len >> 16;
	bhs[6] = len >> 8;
	bhs[7] = len;
	bhs[8] = 0x80;			/* ISID: random format */
	bhs[11] = 0x12;
	bhs[12] = 0x34;
	bhs[13] = 0x56;
	*(uint32_t *)(bhs + 24) = htonl(l->cmdsn);
	*(uint32_t *)(bhs + 28) = htonl(l->statsn);
	memcpy(data, text, len);
	memset(data + len, 0, (4 - len % 4) % 4);
	if (write(s, bhs, 48) != 48 ||
	    write(s, data, (len + 3) & ~3UL) != (ssize_t)((len + 3) & ~3UL))
		return fail("send a login PDU");
	if (read_full(s, rsp, 48))
		return fail("read a login response");
	dlen = rsp[5] << 16 | rsp[6] << 8 | rsp[7];
	if ((rsp[0] & 0x3f) != 0x23 || dlen > sizeof(data) ||
	    read_full(s, data, (dlen + 3) & ~3U)) {
		printf("iscsi-loop: bad login response (opcode 0x%02x, %u bytes)\n",
		       rsp[0], dlen);
		return -1;
	}
	if (rsp[36] || rsp[37]) {
		printf("iscsi-loop: login refused: status class %d detail %d\n",
		       rsp[36], rsp[37]);
		return -1;
	}
	l->statsn = ntohl(*(uint32_t *)(rsp + 24)) + 1;
	l->tsih = rsp[14] << 8 | rsp[15];
	if (l->keys_len + dlen <= sizeof(l->keys)) {
		memcpy(l->keys + l->keys_len, data, dlen);
		l->keys_len += dlen;
	}
	if (!(rsp[1] & 0x80) || (rsp[1] & 3) != nsg) {
		printf("iscsi-loop: the target did not move to stage %d\n", nsg);
		return -1;
	}
	return 0;
}

static size_t add_key(char *buf, size_t len, const char *kv)
{
	size_t n = strlen(kv) + 1;

	memcpy(buf + len, kv, n);
	return len + n;
}

static int login(int s, struct login *l)
{
	static const char * const ops[] = {
		"HeaderDigest=None", "DataDigest=None",
		"MaxRecvDataSegmentLength=262144", "InitialR2T=Yes",
		"ImmediateData=No", "MaxBurstLength=262144",
		"FirstBurstLength=65536", "DefaultTime2Wait=0",
		"DefaultTime2Retain=0", "MaxOutstandingR2T=1",
		"DataPDUInOrder=Yes", "DataSequenceInOrder=Yes",
		"ErrorRecoveryLevel=0", "MaxConnections=1",
	};
	char text[2048];
	const char *t;
	size_t len = 0, i;

	len = add_key(text, len, "InitiatorName=" INI_IQN);
	len = add_key(text, len, "TargetName=" TGT_IQN);
	len = add_key(text, len, "SessionType=Normal");
	len = add_key(text, len, "AuthMethod=None");
	if (login_pdu(s, l, 0, 1, text, len))
		return -1;
	for (len = 0, i = 0; i < ARRAY_SIZE(ops); i++)
		len = add_key(text, len, ops[i]);
	if (login_pdu(s, l, 1, 3, text, len))
		return -1;
	t = key(l, "TargetPortalGroupTag");
	l->tpgt = t ? atoi(t) : 1;
	return 0;
}

static int nl_fd;
static uint64_t handle;

/* Send EV (+ DATA) to the iscsi transport class and read the answer. */
static int nl_call(int type, struct iscsi_uevent *ev, const char *data)
{
	struct {
		struct nlmsghdr nh;
		struct iscsi_uevent ev;
		char data[256];
	} msg;
	size_t dlen = data ? strlen(data) + 1 : 0;
	ssize_t n;

	memset(&msg, 0, sizeof(msg));
	ev->type = type;
	ev->transport_handle = handle;
	msg.nh.nlmsg_len = NLMSG_LENGTH(sizeof(*ev) + dlen);
	msg.nh.nlmsg_type = type;
	msg.nh.nlmsg_pid = getpid();
	msg.ev = *ev;
	if (data)
		memcpy(msg.data, data, dlen);
	if (send(nl_fd, &msg, msg.nh.nlmsg_len, 0) < 0)
		return fail("netlink send");
	for (;;) {
		n = recv(nl_fd, &msg, sizeof(msg), 0);
		if (n < 0)
			return fail("netlink recv");
		if (msg.nh.nlmsg_type == type ||
		    msg.ev.type == EV_IF_ERROR)
			break;
	}
	*ev = msg.ev;
	if (ev->type == EV_IF_ERROR) {
		printf("iscsi-loop: netlink event %d: error %d\n",
		       type, (int)ev->iferror);
		return -1;
	}
	return 0;
}

static int set_param(uint32_t sid, uint32_t cid, int param, const char *val)
{
	struct iscsi_uevent ev;

	memset(&ev, 0, sizeof(ev));
	ev.u.set_param.sid = sid;
	ev.u.set_param.cid = cid;
	ev.u.set_param.param = param;
	ev.u.set_param.len = strlen(val) + 1;
	if (nl_call(EV_SET_PARAM, &ev, val))
		return -1;
	if (ev.r.retcode) {
		printf("iscsi-loop: parameter %d=%s: error %d\n",
		       param, val, ev.r.retcode);
		return -1;
	}
	return 0;
}

/* The negotiated value of KEY, else DEF. */
static const char *neg(const struct login *l, const char *name,
		       const char *def)
{
	const char *v = key(l, name);

	return v ? v : def;
}

static const char *yesno(const char *v)
{
	return !strcmp(v, "Yes") ? "1" : "0";
}

/* Give the logged-in socket to iscsi_tcp; returns the SCSI host. */
static int start_session(int s, const struct login *l)
{
	struct iscsi_uevent ev;
	struct sockaddr_nl sa;
	uint32_t sid, cid, host;
	char num[32], buf[64];
	int fd;

	fd = open("/sys/class/iscsi_transport/tcp/handle", O_RDONLY);
	if (fd < 0)
		return fail("/sys/class/iscsi_transport/tcp/handle");
	memset(buf, 0, sizeof(buf));
	if (read(fd, buf, sizeof(buf) - 1) <= 0)
		return fail("read the transport handle");
	close(fd);
	handle = strtoull(buf, NULL, 10);
	nl_fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_ISCSI);
	if (nl_fd < 0)
		return fail("NETLINK_ISCSI socket");
	memset(&sa, 0, sizeof(sa));
	sa.nl_family = AF_NETLINK;
	sa.nl_pid = getpid();
	if (bind(nl_fd, (struct sockaddr *)&sa, sizeof(sa)))
		return fail("bind the netlink socket");

	memset(&ev, 0, sizeof(ev));
	ev.u.c_session.initial_cmdsn = l->cmdsn;
	ev.u.c_session.cmds_max = 128;
	ev.u.c_session.queue_depth = 32;
	if (nl_call(EV_CREATE_SESSION, &ev, NULL))
		return -1;
	sid = ev.r.c_session_ret.sid;
	host = ev.r.c_session_ret.host_no;
	memset(&ev, 0, sizeof(ev));
	ev.u.c_conn.sid = sid;
	if (nl_call(EV_CREATE_CONN, &ev, NULL))
		return -1;
	cid = ev.r.c_conn_ret.cid;
	memset(&ev, 0, sizeof(ev));
	ev.u.b_conn.sid = sid;
	ev.u.b_conn.cid = cid;
	ev.u.b_conn.transport_eph = s;
	ev.u.b_conn.is_leading = 1;
	if (nl_call(EV_BIND_CONN, &ev, NULL) || ev.r.retcode) {
		printf("iscsi-loop: bind the connection: error %d\n",
		       ev.r.retcode);
		return -1;
	}
	snprintf(num, sizeof(num), "%u", l->statsn);
	if (set_param(sid, cid, P_MAX_RECV_DLENGTH, "262144") ||
	    set_param(sid, cid, P_MAX_XMIT_DLENGTH,
		      neg(l, "MaxRecvDataSegmentLength", "8192")) ||
	    set_param(sid, cid, P_HDRDGST_EN, "0") ||
	    set_param(sid, cid, P_DATADGST_EN, "0") ||
	    set_param(sid, cid, P_INITIAL_R2T_EN,
		      yesno(neg(l, "InitialR2T", "Yes"))) ||
	    set_param(sid, cid, P_MAX_R2T, neg(l, "MaxOutstandingR2T", "1")) ||
	    set_param(sid, cid, P_IMM_DATA_EN,
		      yesno(neg(l, "ImmediateData", "No"))) ||
	    set_param(sid, cid, P_FIRST_BURST,
		      neg(l, "FirstBurstLength", "65536")) ||
	    set_param(sid, cid, P_MAX_BURST,
		      neg(l, "MaxBurstLength", "262144")) ||
	    set_param(sid, cid, P_PDU_INORDER_EN, "1") ||
	    set_param(sid, cid, P_DATASEQ_INORDER_EN, "1") ||
	    set_param(sid, cid, P_ERL, "0") ||
	    set_param(sid, cid, P_EXP_STATSN, num) ||
	    set_param(sid, cid, P_TARGET_NAME, TGT_IQN) ||
	    set_param(sid, cid, P_PERSISTENT_ADDRESS, "127.0.0.1") ||
	    set_param(sid, cid, P_PERSISTENT_PORT, "3260"))
		return -1;
	snprintf(num, sizeof(num), "%u", l->tpgt);
	if (set_param(sid, cid, P_TPGT, num))
		return -1;
	memset(&ev, 0, sizeof(ev));
	ev.u.c_conn.sid = sid;
	ev.u.c_conn.cid = cid;
	if (nl_call(EV_START_CONN, &ev, NULL) || ev.r.retcode) {
		printf("iscsi-loop: start the connection: error %d\n",
		       ev.r.retcode);
		return -1;
	}
	printf("iscsi-loop: session %u, connection %u on SCSI host %u\n",
	       sid, cid, host);
	return host;
}

/* The size in sectors of block device NAME, 0 if none yet. */
static long long disk_size(const char *name)
{
	char path[300], buf[32];
	long long n = 0;
	int fd;

	snprintf(path, sizeof(path), "/sys/block/%s/size", name);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	memset(buf, 0, sizeof(buf));
	if (read(fd, buf, sizeof(buf) - 1) > 0)
		n = atoll(buf);
	close(fd);
	return n;
}

/* Scan HOST and wait for its disk; returns its /dev path or NULL. */
static const char *find_disk(int host)
{
	static char dev[300];
	char path[128];
	struct dirent *de;
	int i, found;
	DIR *d;

	snprintf(path, sizeof(path), "/sys/class/scsi_host/host%d/scan", host);
	if (write_str(path, "- - -"))
		return NULL;
	for (i = 0; i < 100; i++) {
		found = 0;
		d = opendir("/sys/block");
		while (d && !found && (de = readdir(d))) {
			if (strncmp(de->d_name, "sd", 2) ||
			    disk_size(de->d_name) < DISK_MIB * 2048)
				continue;
			snprintf(dev, sizeof(dev), "/dev/%s", de->d_name);
			found = !access(dev, F_OK);
		}
		if (d)
			closedir(d);
		if (found)
			return dev;
		usleep(100 * 1000);
	}
	printf("iscsi-loop: no SCSI disk of %d MiB appeared\n", DISK_MIB);
	return NULL;
}

static void fill(unsigned char *buf, size_t len, unsigned int seed)
{
	size_t i;

	for (i = 0; i < len; i++)
		buf[i] = (unsigned char)(i * 7 + seed + (i >> 12));
}

/* Write a pattern to DEV with O_DIRECT, read it back, compare. */
static int check_disk(const char *dev)
{
	unsigned char *wbuf, *rbuf;
	int fd, i, bad = 0, round;

	if (posix_memalign((void **)&wbuf, 4096, IO_SIZE) ||
	    posix_memalign((void **)&rbuf, 4096, IO_SIZE))
		return fail("posix_memalign");
	fd = open(dev, O_RDWR | O_DIRECT);
	if (fd < 0)
		return fail(dev);
	for (i = 0; i < DISK_MIB; i++) {
		fill(wbuf, IO_SIZE, i);
		if (pwrite(fd, wbuf, IO_SIZE, (off_t)i * IO_SIZE) != IO_SIZE)
			return fail("write the disk");
	}
	for (round = 0; round < 4; round++) {
		for (i = 0; i < DISK_MIB; i++) {
			memset(rbuf, 0, IO_SIZE);
			if (pread(fd, rbuf, IO_SIZE, (off_t)i * IO_SIZE) != IO_SIZE)
				return fail("read the disk");
			fill(wbuf, IO_SIZE, i);
			if (memcmp(rbuf, wbuf, IO_SIZE))
				bad++;
		}
	}
	close(fd);
	printf("iscsi-loop: %s: wrote %d MiB, read it back 4 times: %d MiB differ\n",
	       dev, DISK_MIB, bad);
	return bad ? -1 : 0;
}

int main(void)
{
	struct sockaddr_in sin;
	struct login l;
	const char *dev;
	int s, host, one = 1;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (loopback_up() || setup_target())
		return 1;
	s = socket(AF_INET, SOCK_STREAM, 0);
	if (s < 0)
		return fail("socket") ? 1 : 0;
	setsockopt(s, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_INET;
	sin.sin_port = htons(PORT);
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (connect(s, (struct sockaddr *)&sin, sizeof(sin)))
		return fail("connect to 127.0.0.1:3260") ? 1 : 0;
	memset(&l, 0, sizeof(l));
	l.cmdsn = 1;
	if (login(s, &l))
		return 1;
	printf("iscsi-loop: logged in to " TGT_IQN " (TSIH %u, TPGT %u)\n",
	       l.tsih, l.tpgt);
	host = start_session(s, &l);
	if (host < 0)
		return 1;
	dev = find_disk(host);
	if (!dev || check_disk(dev))
		return 1;
	return 0;
}
