# chessbot: ข้อความภาษาไทย คีย์และอาร์กิวเมนต์ตรงกับ en/chessbot.ftl
# ศัพท์: รุก (check), รุกจน (checkmate), อับ (stalemate), เสมอ (draw),
# เข้าป้อม (castling), ตำแหน่งตาย (dead position), ยอมแพ้, หมดเวลา
# ตัวหมาก: คิง ควีน เรือ บิชอป ม้า เบี้ย; ตัวอักษรหมากใช้แบบสากล (K Q R B N)
# "channel" แปลว่า "ห้อง" เพื่อไม่ให้สับสนกับ "ช่อง" บนกระดาน

## คำที่ใช้ในข้อความอื่น

color = { $color ->
    [white] ขาว
   *[black] ดำ
}

player-to-move = ผู้เล่นที่ถึงตาเดิน

termination = { $termination ->
    [checkmate] รุกจน
    [stalemate] อับ
    [dead_position] ตำแหน่งตาย
    [threefold_repetition] ตำแหน่งซ้ำสามครั้ง
    [fifty_moves] กฎ 50 ตา
    [fivefold_repetition] ตำแหน่งซ้ำห้าครั้ง
    [seventyfive_moves] กฎ 75 ตา
    [agreement] ตกลงเสมอ
    [resignation] ยอมแพ้
    [timeout] หมดเวลา
    [aborted] ยกเลิกเกม
    [tablebase] ตารางปิดเกม
   *[other] { $termination }
}

san-local = { $local } ({ $san })

## คำท้า

challenge-posted = { $open ->
        [yes] { $challenger } เปิดคำท้า ใครในห้องนี้ก็รับได้
       *[no] { $challenger } ท้า { $opponent } เล่นหมากรุก
    } ({ $color ->
        [white] { $challenger } เล่นฝ่ายขาว
        [black] { $challenger } เล่นฝ่ายดำ
       *[random] สุ่มฝ่าย
    }, { $banked ->
       *[no] ตาละ { $days } วัน
        [yes] คลังเวลาฝ่ายละ { $bank } วัน บวก { $increment } ต่อการเดิน
    }, { $rules ->
        [fide] กติกา FIDE แบบเคร่งครัด
       *[house] กติกาของบอท
    }{ $custom ->
        [yes] , เริ่มจากตำแหน่งที่กำหนด
       *[no] {""}
    }{ $casual ->
        [yes] , ไม่คิดเรตติ้ง
       *[no] {""}
    }) { $open ->
        [yes] รับคำท้าด้วย `/chess accept`
       *[no] { $opponent }: `/chess accept` เพื่อรับ หรือ `/chess decline` เพื่อปฏิเสธ
    }

challenge-declined = { $by } ปฏิเสธคำท้าของ { $challenger }

challenge-cancelled = { $challenger } ถอนคำท้าแล้ว

game-started = เกม #{ $id } เริ่มแล้ว: { $white } (ขาว) พบ { $black } (ดำ) ตาของ { $to_move } ต้องเดินภายใน { $until }

## การเดินและกระดาน

moved = { $by } เดิน { $number }{ $san } ตาของ { $next } ต้องเดินภายใน { $until }

moved-final = { $by } เดิน { $number }{ $san }

game-title = { $kind ->
    [league] { $name } เกมที่ { $number }
    [swiss] { $name } รอบ { $round } กระดาน { $board }
    [match] แมตช์ { $number } กระดาน { $board } เกม { $round }
   *[game] เกม #{ $id }
}
game-ref = { $kind ->
    [league] { $name } เกมที่ { $number }
    [swiss] { $name } รอบ { $round } กระดาน { $board }
    [match] แมตช์ { $number } กระดาน { $board } เกม { $round }
   *[game] เกม #{ $id }
}
board-caption = { $title }: { $white } (ขาว) พบ { $black } (ดำ) ตาของ { $to_move } ต้องเดินภายใน { $until }

final-board-caption = { $title }: { $white } (ขาว) พบ { $black } (ดำ) จบแล้ว ผล { $result }

## การขอเสมอและการขอคืนตาเดิน

draw-offered = { $by } ขอเสมอ { $to }: `/chess draw` เพื่อรับ หรือ `/chess decline` หรือเดินต่อเพื่อปฏิเสธ

draw-declined = { $by } ปฏิเสธการขอเสมอ

draw-offer-lapsed = { $mover } เดินแทนการตอบ ข้อเสนอเสมอของ { $offerer } จึงตกไป

takeback-requested = { $by } ขอคืนตาเดินล่าสุด { $to }: `/chess takeback` เพื่อยอมให้คืน หรือ `/chess decline` เพื่อปฏิเสธ

takeback-declined = { $by } ไม่ยอมให้คืนตาเดิน

takeback-done = { $plies ->
        [1] คืนตาเดินล่าสุดแล้ว
       *[other] คืนสองตาเดินล่าสุดแล้ว
    } ({ $moves }) ตาของ { $to_move } ต้องเดินภายใน { $until }

## กำหนดเวลา

reminder = { $player } ถึงตาคุณเดินใน{ $game } แล้ว ต้องเดินภายใน { $until }

## เกมจบ

summary = { $case ->
        [checkmate] รุกจน! { $winner } ชนะ
        [resignation] { $loser } ยอมแพ้ { $winner } ชนะ
        [resignation-draw] { $loser } ยอมแพ้ แต่อีกฝ่ายเหลือแค่คิงตัวเดียว จึงเสมอ
        [timeout] { $loser } หมดเวลา { $winner } ชนะ
        [timeout-draw] { $loser } หมดเวลา แต่อีกฝ่ายเหลือแค่คิงตัวเดียว จึงเสมอ
        [stalemate] เสมอเพราะอับ
        [dead_position] เสมอเพราะตำแหน่งตาย ไม่มีฝ่ายใดรุกจนได้
        [threefold_repetition] เสมอเพราะตำแหน่งซ้ำสามครั้ง
        [fifty_moves] เสมอตามกฎ 50 ตา
        [fivefold_repetition] เสมอเพราะตำแหน่งซ้ำห้าครั้ง
        [seventyfive_moves] เสมอตามกฎ 75 ตา
        [agreement] ตกลงเสมอกัน
        [aborted] ยกเลิกเกม ไม่มีผลแพ้ชนะ
        [tablebase] ตารางปิดเกมตัดสิน: { $winner } ชนะ
        [tablebase-draw] ตารางปิดเกมตัดสิน: เสมอ
       *[other] เกมจบแล้ว ({ termination })
    } ผล: { $result }

aborted-no-first-move = { $player } ไม่ได้เดินตาแรกภายในเวลา เกมถูกยกเลิก ไม่มีผลแพ้ชนะ

## รายการ

games-line = { $title } { $white } - { $black } ใน { $where }: ตาของ { $to_move } กำหนดเวลา { $until }

games-your-move-heading = ถึงตาคุณเดินในเกม:

no-games = คุณไม่มีเกมที่กำลังเล่นอยู่

games-waiting-heading = รอคู่แข่งเดิน:

history-line = #{ $id } { $white } - { $black } { $result } ({ termination })

history-heading = เกมที่จบแล้วของ { $user }:

no-history = { $user } ยังไม่มีเกมที่จบแล้ว

## วิธีใช้

help =
    หมากรุกสากลแบบเดินข้ามวัน (correspondence) คำสั่ง:
    { $commands }
    ตัวอักษรของหมากเป็นแบบสากล (ภาษาอังกฤษ): K = คิง, Q = ควีน, R = เรือ, B = บิชอป, N = ม้า ส่วนเบี้ยไม่มีตัวอักษร เขียนแค่ช่องที่เดินไป (e4)
    การกินใช้ x (Nxe5 คือม้ากินที่ e5, exd5 คือเบี้ยจาก e กินที่ d5) เข้าป้อมฝั่งคิงเขียน O-O ฝั่งควีนเขียน O-O-O เบี้ยเลื่อนขั้นเขียน e8=Q (เลื่อนเป็นควีน) ใส่ + เมื่อรุก และ # เมื่อรุกจน

help-line = /chess { $usage } - { $what }

help-command = { $command ->
    [challenge] ท้าใครสักคน (หรือใครก็ได้) ในห้องนี้
    [time-control] ใช้คลังเวลาแทนจำนวนวันต่อตา (เป็นวัน แต่ละตาได้เวลาเพิ่มตาม increment) หรือเลือกรูปแบบสำเร็จรูปตามชื่อ
    [pgn-continue] เล่นต่อจาก PGN ของเกม (วางข้อความ หรือแนบไฟล์บน Discord; game:N เลือกเกมหนึ่งจากหลายเกม; \n ในเครื่องหมายคำพูดคือขึ้นบรรทัดใหม่)
    [answer] รับ ปฏิเสธ หรือถอนคำท้า
    [computer] เล่นกับคอมพิวเตอร์ (Stockfish) ในห้องนี้ได้ทันที ระดับ 1 อ่อนที่สุด ระดับ 8 เต็มกำลัง (ค่าเริ่มต้น 3) ไม่นับเรตติ้ง
    [move] เดินหมาก (Nf3, e4, exd5, O-O, e7e8q, ...)
    [board] ดูกระดาน (private:true: เห็นเฉพาะคุณ พร้อมบันทึกของคุณ)
    [draw] ขอเสมอ หรือรับการขอเสมอของอีกฝ่าย (claim:true: อ้างสิทธิ์เสมอ เหมือน claim)
    [resign] ยอมแพ้
    [abort] ยกเลิกเกมโดยไม่มีผลแพ้ชนะ ก่อนที่ทั้งสองฝ่ายจะได้เดิน
    [takeback] ขอคืนตาเดินล่าสุดของคุณ (อีกฝ่ายยอมด้วย /chess takeback)
    [rematch] ท้าคู่แข่งคนล่าสุดในห้องนี้อีกครั้ง โดยสลับฝ่าย
    [claim] ขอเสมอเมื่อตำแหน่งซ้ำสามครั้งหรือตามกฎ 50 ตา พร้อมตาเดินที่ทำให้เกิดได้ (เฉพาะกติกา FIDE แบบเคร่งครัด)
    [pgn] บันทึกเกมแบบ PGN
    [summary] สรุปเกมที่จบแล้ว (ค่าเริ่มต้น: เกมล่าสุดในห้องนี้)
    [games] เกมของคุณที่กำลังเล่น
    [history] เกมที่จบแล้ว
    [stats] เรตติ้งและผลงานของผู้เล่น (ค่าเริ่มต้น: ของคุณ) ใส่ vs เพื่อดูผลการพบกัน
    [leaderboard] ผู้เล่นเรตติ้งสูงสุดของเซิร์ฟเวอร์
    [settings] ดูหรือเปลี่ยนภาษาของห้องนี้ (ระหว่างมีเกม: เฉพาะผู้เล่นและผู้ดูแล)
    [settings-board] กระดาน: ฝ่ายใดอยู่ด้านล่าง (ในช่อง: สำหรับทุกคน auto คือฝ่ายขาว; ในข้อความส่วนตัว: สำหรับภาพที่ส่งถึงคุณ auto คือฝ่ายของคุณ) และสีของกระดาน
    [moretime] ให้เวลาคู่แข่งที่ถึงตาเดินเพิ่มอีกหนึ่งวัน (ไม่เกิน 7 ครั้งต่อเกม)
    [vacation-left] ดูจำนวนวันลาพักที่เหลือ
    [vacation] หยุดนาฬิกาในทุกเกมของคุณ N วัน (ปีปฏิทินละ 30 วัน หรือ 45 วันถ้าชุมชนอนุญาต; days:0 เพื่อกลับก่อนกำหนด)
    [notify] เลือกว่าจะรับการแจ้งว่าถึงตาคุณและการเตือนเวลาที่ไหน
    [digest] สรุปส่วนตัววันละครั้งตามชั่วโมงนั้นในเขตเวลาของคุณ (tz: ส่วนต่างจาก UTC) บอกเกมที่รอคุณเดิน แทนการแจ้งทุกตา; การเตือนก่อนหมดเวลายังมาเหมือนเดิม
    [pagename] ชื่อของคุณในหน้าผู้ชมของเกมของคุณ
    [pages] ผู้ดูแล: เปิดหรือปิดหน้าผู้ชมของชุมชน
    [images] กระดานและการแจ้งเตือนส่วนตัวเป็นคำแทนรูป (off) หรือเป็นรูป (on)
    [tablebase] ผู้ดูแล: ตารางเอนด์เกมจบเกมด้วยการอ้างสิทธิ์หรือทันที (ปิดเป็นค่าเริ่มต้น)
    [community-rules] ผู้ดูแล: จำนวนวันลาพักต่อปีของชุมชน การควบคุมเวลาเริ่มต้น และสัดส่วนการหมดเวลาที่ห้ามท้าแบบมีเรตติ้ง
    [league] ลีกพบกันหมดในช่องนี้
    [swiss] การแข่งขันระบบสวิส จับคู่ด้วยระบบดัตช์ของ FIDE; tiebreaks: ลำดับการตัดสินคะแนนเท่า (ค่าเริ่มต้น bh1,bh,sb,de,wins); export: ไฟล์รายงานของ FIDE
    [thematic] ทุกเกมของลีกหรือระบบสวิสเริ่มหลังแนวเปิดเกม (รหัส ECO หรือชื่อ) หรือจากตำแหน่งเดียว
    [premove] ตาเดินล่วงหน้า เช่น line:"e5 Nf3 Nc6 Bb5": ถ้าคู่แข่งเดิน e5 บอทจะเดิน Nf3 ให้คุณทันที และต่อไปเรื่อย ๆ (เห็นได้เฉพาะคุณ); /chess premove เฉย ๆ แสดงรายการ, /chess premove clear ลบทั้งหมด
    [note] บันทึกส่วนตัวในเกมของคุณที่นี่ เห็นได้เฉพาะคุณ (ใน /chess games และใน PGN ฉบับของคุณ)
    [puzzle] โจทย์จากเกมของคุณเอง (เห็นคนเดียว)
    [solve] ตอบโจทย์
    [puzzle-daily] โจทย์ประจำวันในห้องนี้ (ผู้ดูแล)
    [chess960] หมากรุก Chess960 มีเรตติ้งแยก (ตำแหน่งเริ่มต้นสุ่มถ้าไม่ระบุ) และ computer variant:chess960, stats variant:chess960, leaderboard variant:chess960
    [team] ช่องเล่นเป็นทีม: สมาชิกโหวตตาเดินด้วย move (หรือ /team ... และ !team ...)
    [team-match] แมตช์ระหว่างสองชุมชน (หรือสองช่อง): ผู้เล่นแต่ละฝั่งสมัคร แต่ละกระดานเป็นเกมของผู้เล่นสองคน แต่ละคนในช่องของฝั่งตน (ผู้ดูแลสร้าง รับ และเริ่ม)
   *[help] ข้อความนี้
}

## การตั้งค่า

language-set = ต่อจากนี้ห้องนี้จะใช้ภาษาไทย ตัวอักษรหมากใช้แบบสากล: K คิง, Q ควีน, R เรือ, B บิชอป, N ม้า

language-current = { $set ->
        [yes] ห้องนี้ใช้ภาษา{ $language ->
            [th] ไทย
            [ru] รัสเซีย (русский)
            [ro] โรมาเนีย (română)
           *[en] อังกฤษ (English)
        }
       *[no] ห้องนี้ยังไม่ได้ตั้งภาษา บอทจะตอบเป็นภาษาอังกฤษ{ $platform ->
            [discord] {" "}หรือภาษาตามแอป Discord ของคุณ
           *[other] {""}
        }
    } ทุกคนในห้องเปลี่ยนได้ด้วย `/chess settings language:en|th|ru|ro`

time-left = { $unit ->
        [days] { $a } วัน { $b } ชม.
        [hours] { $a } ชม. { $b } นาที
       *[minutes] { $a } นาที
    }

unknown-language = ไม่รู้จักภาษา `{ $given }` เลือกได้จาก: en (English), th (ไทย), ru (русский), ro (română)

## ข้อผิดพลาด

invalid-notation = อ่านตาเดิน “{ $input }” ไม่ออก ลองเขียนแบบ SAN เช่น Nf3, exd5, O-O, e8=Q หรือแบบ UCI เช่น g1f3

missing-move = จะเดินตาไหน? เช่น `/chess move e4`

move-too-long = ยาวเกินกว่าจะเป็นตาเดิน

illegal-move = เดิน { $input } ไม่ได้: { $reason ->
        [no_piece] ไม่มี{ $role ->
            [pawn] เบี้ย
            [knight] ม้า
            [bishop] บิชอป
            [rook] เรือ
            [queen] ควีน
           *[king] คิง
        }ของคุณอยู่ที่ { $square }
        [not_your_piece] ตัวหมากที่ { $square } ไม่ใช่ของคุณ
        [unreachable] ไม่มี{ $role ->
            [pawn] เบี้ย
            [knight] ม้า
            [bishop] บิชอป
            [rook] เรือ
            [queen] ควีน
           *[king] คิง
        }ของคุณตัวไหนไปถึง { $square } ได้
        [pinned] ตัวหมากที่ { $square } ถูกตรึงไว้กับคิงของคุณ
        [in_check] คิงของคุณถูกรุกอยู่ และตานี้ไม่ได้แก้รุก
        [king_into_check] คิงจะถูกรุกที่ช่องนั้น
        [exposes_king] ตานี้จะเปิดให้คิงของคุณถูกรุก
        [no_castling_rights] เข้าป้อม{ $side ->
            [king] ฝั่งคิง
           *[queen] ฝั่งควีน
        }ไม่ได้แล้ว เพราะคิงหรือเรือตัวนั้นเคยเดินไปแล้ว
        [castle_out_of_check] เข้าป้อมหนีรุกไม่ได้
        [castle_blocked] เข้าป้อม{ $side ->
            [king] ฝั่งคิง
           *[queen] ฝั่งควีน
        }ไม่ได้ เพราะมีตัวหมากขวางอยู่ระหว่างคิงกับเรือ
        [castle_through_check] คิงเข้าป้อมผ่านช่องที่ถูกโจมตี ({ $square }) ไม่ได้
        [castle_into_check] เข้าป้อมแล้วคิงจะถูกรุก ({ $square } ถูกโจมตี)
       *[other] ตานี้เดินไม่ได้ในตำแหน่งนี้
    }

ambiguous-move = ตาเดิน { $input } กำกวม อาจหมายถึง { $candidates } ช่วยระบุให้ชัดว่าจะเดินตัวไหน

notation-did-you-mean = อ่าน "{ $input }" เป็นตาเดินไม่ได้ หมายถึง { $suggestion } หรือเปล่า? ชื่อแถวตั้งเขียนด้วยตัวพิมพ์เล็ก (e4, Nf3) ส่วนตัวอักษรของหมากเขียนด้วยตัวพิมพ์ใหญ่

promotion-to-king = { $input }: เบี้ยเลื่อนขั้นเป็นคิงไม่ได้ เลือกควีน เรือ บิชอป หรือม้า เช่น e8=Q

promotion-which-piece = จะให้เบี้ยเลื่อนขั้นเป็นหมากตัวไหน? เขียนหนึ่งใน { $candidates }

push-is-capture = { $input } คือการเดินเบี้ยตรงไปข้างหน้า แต่ไม่มีเบี้ยของคุณเดินไปช่องนั้นได้ หมายถึง { $captures } หรือเปล่า

language-locked = ระหว่างที่ { $white } กับ { $black } เล่นอยู่ที่นี่ มีแค่พวกเขา (หรือผู้ดูแล) ที่เปลี่ยนภาษาได้ เพราะภาษากำหนดวิธีอ่านตาเดินของพวกเขา

not-your-turn = ยังไม่ถึงตาคุณ ตอนนี้เป็นตาของ { $to_move }

not-a-player = เฉพาะผู้เล่นในเกมนี้ ({ $white } และ { $black }) เท่านั้นที่ทำได้

no-game = ไม่มีเกมที่กำลังเล่นในห้องนี้ เริ่มเกมด้วย `/chess challenge`

no-game-yours-elsewhere = ไม่มีเกมในช่องนี้ เกมของคุณอยู่ใน { $channels } ไปเดินที่นั่น

no-game-here = ยังไม่เคยมีเกมในห้องนี้

no-such-game = ไม่มีเกม #{ $id }

game-in-progress = เกม #{ $id } ({ $white } พบ { $black }) กำลังเล่นอยู่ในห้องนี้ หนึ่งห้องเล่นได้ทีละเกม เล่นให้จบก่อนหรือไปเล่นในห้องอื่น

challenge-pending = { $challenger } มีคำท้าค้างอยู่ในห้องนี้ รับหรือปฏิเสธคำท้านั้นก่อน (หรือไปเล่นในห้องอื่น)

no-challenge = ไม่มีคำท้าที่เปิดอยู่ในห้องนี้

challenge-not-for-you = คำท้านี้มีไว้สำหรับ { $opponent }

own-challenge = รับคำท้าของตัวเองไม่ได้ ใช้ `/chess cancel` เพื่อถอนคำท้า

not-your-challenge = มีแค่ { $challenger } ที่ถอนคำท้านี้ได้

open-challenge-no-decline = คำท้านี้เปิดให้ทุกคน จึงไม่มีอะไรให้ปฏิเสธ

self-challenge = ท้าตัวเองไม่ได้

challenge-computer = ท้าคอมพิวเตอร์ไม่ได้ เล่นกับคอมพิวเตอร์ด้วย `/chess computer` (level:1-8)

bad-vacation-days = จำนวนวันลาพักต้องเป็นจำนวนเต็มตั้งแต่ 0 ถึง { $max } (0 คือเลิกลาพักก่อนกำหนด) ไม่ใช่ { $given }

bad-days = จำนวนวันต่อตาต้องเป็นจำนวนเต็มตั้งแต่ 1 ถึง 14 ไม่ใช่ { $given }

invalid-fen = FEN ไม่ถูกต้อง: { $detail }

fen-game-over = FEN ไม่ถูกต้อง: ในตำแหน่งนี้เกมจบไปแล้ว

draw-too-early = ขอเสมอได้หลังจากทั้งสองฝ่ายเดินไปแล้วอย่างน้อยฝ่ายละหนึ่งตาเท่านั้น

draw-already-offered = คุณขอเสมอไว้แล้ว

abort-too-late = ยกเลิกเกมไม่ได้แล้ว เพราะทั้งสองฝ่ายเดินไปแล้ว คุณขอเสมอหรือยอมแพ้ได้

nothing-to-take-back = คุณไม่มีตาเดินให้คืน

takeback-already-requested = คุณขอคืนตาเดินไว้แล้ว

nothing-to-decline = ที่นี่ไม่มีคำท้า การขอเสมอ หรือการขอคืนตาเดินที่คุณต้องปฏิเสธ

claim-refused = ขอเสมอไม่ได้: { $reason ->
        [not_fide] การขอเสมอมีเฉพาะกติกา FIDE แบบเคร่งครัด ส่วนกติกาของบอทจะตัดสินเสมอให้เอง
        [over] เกมจบไปแล้ว
       *[nothing] ยังไม่มีตำแหน่งซ้ำสามครั้ง และยังไม่ครบ 50 ตาที่ไม่มีการกินหรือเดินเบี้ย
    }

claim-refused-move-stands = ขอเสมอไม่ได้ ตาเดินนี้ไม่ทำให้ตำแหน่งซ้ำสามครั้งและไม่ครบ 50 ตา ตาเดินนี้ยังนับ และเกมเล่นต่อไป

no-rematch = ไม่มีเกมที่จบแล้วในห้องนี้ให้ขอแข่งใหม่

rematch-not-player = เฉพาะ { $white } และ { $black } เท่านั้นที่ขอแข่งใหม่ได้

position-changed = ตำแหน่งบนกระดานเปลี่ยนไปก่อนที่คำสั่งของคุณจะทำงาน (มีตาเดินอื่นหรือการหมดเวลามาก่อน) ดูกระดานแล้วลองใหม่อีกครั้ง

# กดปุ่มของสิ่งที่จบไปแล้ว (ไม่มีอะไรเปลี่ยน)
button-challenge-gone = คำท้านี้ไม่เปิดอยู่แล้ว (ถูกรับ ถูกปฏิเสธ หรือถูกถอน) ปุ่มนี้จึงไม่ทำอะไร
button-game-gone = เกม #{ $id } ไม่ได้เล่นอยู่ที่นี่แล้ว ปุ่มนี้จึงไม่ทำอะไร
button-draw-gone = การขอเสมอนั้นไม่มีผลแล้ว (ถูกปฏิเสธ หรือมีการเดินหมากไปแล้ว) ปุ่มนี้จึงไม่ทำอะไร
button-stale = ปุ่มนี้เก่าแล้ว จึงไม่ทำอะไร

internal = ขออภัย ระบบขัดข้อง โปรดลองใหม่อีกครั้ง

unavailable = ตอนนี้ติดต่อฐานข้อมูลไม่ได้ จึงยังไม่ได้ทำอะไร โปรดลองใหม่อีกครั้งในอีกสักครู่

unknown-command = ไม่รู้จักคำสั่ง `{ $name }` ดูคำสั่งทั้งหมดได้ที่ `/chess help`

missing-command = คำสั่งอะไร? ดูคำสั่งทั้งหมดได้ที่ `/chess help`

invalid-option = { $detail } ดูตัวเลือกได้ที่ `/chess help`

unknown-option = `{ $command }` ไม่มีตัวเลือก `{ $name }` ดูตัวเลือกได้ที่ `/chess help`

bad-option-value = `{ $value }` ใช้เป็นค่าของ `{ $name }` ไม่ได้ ดูตัวเลือกได้ที่ `/chess help`

unexpected-argument-mention = `{ $command }` ไม่รับ `{ $arg }` หมายถึง `@{ $arg }` ใช่ไหม (ระบุผู้เล่นด้วย @)

unexpected-argument = `{ $command }` ไม่รับ `{ $arg }` ดูตัวเลือกได้ที่ `/chess help`

unterminated-quote = ค่าในเครื่องหมายคำพูดขาด `"` ปิดท้าย ดูตัวเลือกได้ที่ `/chess help`

input-too-long = ข้อความนี้ยาวเกินไปสำหรับคำสั่งหมากรุก

## ตัวเชื่อมต่อ

console-bad-line = เขียนแบบ `ชื่อ: ข้อความ` หรือ `ชื่อ@ห้อง: ข้อความ` เช่น `alice: /chess help`

console-greeting-images = คอนโซล chessbot: พิมพ์ `ชื่อ: คำสั่ง` หรือ `ชื่อ@ห้อง: คำสั่ง` เช่น `alice: /chess challenge @bob` รูปกระดานจะถูกบันทึกไว้ที่ { $dir } พิมพ์ `alice: /chess help` เพื่อดูคำสั่ง กด Ctrl-D เพื่อออก

console-greeting-text = คอนโซล chessbot: พิมพ์ `ชื่อ: คำสั่ง` หรือ `ชื่อ@ห้อง: คำสั่ง` เช่น `alice: /chess challenge @bob` กระดานแสดงเป็นข้อความ (`--images DIR` บันทึกรูป) พิมพ์ `alice: /chess help` เพื่อดูคำสั่ง กด Ctrl-D เพื่อออก

console-unknown-directive = ไม่รู้จักคำสั่งคอนโซล `:{ $directive }` ใช้ `:advance 3d` (หรือ h, m) เพื่อเลื่อนเวลา

console-bad-span = อ่าน `{ $given }` เป็นช่วงเวลาไม่ได้ ใช้เช่น `3d`, `5h`, `30m`

console-not-utf8 = บรรทัดนี้ไม่ใช่ข้อความ UTF-8 ที่ถูกต้อง จึงข้ามไป

console-clock-limit = เลื่อนนาฬิกาไปไกลขนาดนั้นไม่ได้ ได้มากสุด { $days } วันจากเวลาจริง

resign-question = ยอมแพ้เกมนี้ใช่ไหม? ยกเลิกภายหลังไม่ได้

resign-dropped = เล่นต่อ

done = เรียบร้อย

command-interrupted = บอทรีสตาร์ทระหว่างทำคำสั่งนี้ จึงไม่ทราบว่าคำสั่งมีผลแล้วหรือไม่ กรุณาตรวจสอบด้วย `!chess board` แล้วส่งใหม่ถ้าจำเป็น
slow-down = กรุณาช้าลงหน่อย: ส่งคำสั่งมากเกินไปในเวลาสั้น ๆ บอทจะไม่ตอบสักครู่ แล้วจะกลับมาตอบตามปกติ

# The name of a game's thread (Discord).
thread-name = { $white } พบ { $black }
no-threads = ฉันเปิดเธรดสำหรับเกมนี้ที่นี่ไม่ได้ (ต้องมีสิทธิ์สร้างเธรดสาธารณะ) เกมจึงเล่นต่อในห้องนี้

button-label = { $button ->
    [promote-queen] ควีน
    [promote-rook] เรือ
    [promote-bishop] บิชอป
    [promote-knight] อัศวิน
    [accept-challenge] รับคำท้า
    [decline-challenge] ปฏิเสธ
    [accept-draw] รับเสมอ
    [decline-draw] ไม่รับเสมอ
    [resign-confirm] ใช่ ยอมแพ้
    [resign-cancel] เล่นต่อ
    [rematch] แข่งใหม่
   *[resign] ยอมแพ้
}

## Ratings and records

rating-change = { $player }: { $before } → { $after } ({ $diff })

stats-rated = { $player }: เรตติ้ง { $rating }{ $provisional ->
        [yes] ? (ชั่วคราว)
       *[no] {""}
    }, RD { $rd } เกม: { $games } (ชนะ { $wins }, เสมอ { $draws }, แพ้ { $losses })

stats-unrated = { $player } ยังไม่มีเกมที่นับเรตติ้ง (ทุกคนเริ่มที่ 1500)

stats-vs = เมื่อเจอ { $opponent }: { $games } เกม ชนะ { $wins } เสมอ { $draws } แพ้ { $losses }

leaderboard-heading = อันดับผู้เล่น (เรตติ้งชั่วคราวที่ RD เกิน 110 จะแสดงต่อท้าย):

leaderboard-line = { $rank }. { $player } { $rating }{ $provisional ->
        [yes] ?
       *[no] {""}
    } ({ $games } เกม)

leaderboard-empty = ยังไม่มีใครเล่นเกมที่นับเรตติ้งที่นี่

stats-streak = สถิติต่อเนื่องล่าสุด: { $kind ->
        [win] ชนะ { $count } เกม
        [draw] เสมอ { $count } เกม
       *[loss] แพ้ { $count } เกม
    }
stats-best-win = ชัยชนะที่ดีที่สุด: ชนะ { $opponent } ({ $rating }) เกม #{ $game }

## Summaries

summary-heading = { $title }: { $white } - { $black } { $result } ({ $termination }), { $moves }, { $days }
summary-moves = { $moves } ตา
summary-winner = { $winner } ชนะ
summary-draw = เสมอ
summary-opening = การเปิดเกม: { $opening }
summary-analysis-side = { $player }: ไม่แม่นยำ { $inaccuracies } ครั้ง, ผิดพลาด { $mistakes } ครั้ง, พลาดร้ายแรง { $blunders } ครั้ง; เสียเฉลี่ย { $acpl } เซนติพอว์น, ความแม่นยำ { $accuracy }%
summary-worst = ตาที่แย่ที่สุด: { $number } { $san } ของ { $player }; { $best } ดีกว่า
summary-analysis-follows = การวิเคราะห์ของเอนจิน: เอนจินกำลังยุ่ง ตัวเลขจะตามมาในโพสต์แยก
summary-analysis-after-round = การวิเคราะห์ของเอนจิน: หลังจบรอบ (เกมอื่นในรายการนี้ยังเล่นจากตำแหน่งเริ่มเดียวกัน)
summary-analysis-later = การวิเคราะห์ของเอนจินสำหรับเกม #{ $id }:
summary-analysis-cut = เอนจินหมดเวลา: ตัวเลขครอบคลุมถึงตาที่ { $last } จาก { $total }
summary-analysis-shallow = ตั้งแต่ตาที่ { $from } เอนจินยุ่งและคิดได้ไม่ลึกเท่าเดิม
summary-lichess = วิเคราะห์บน lichess
no-finished-game-here = ยังไม่มีเกมที่จบในห้องนี้
summary-game-running = เกม #{ $id } ยังเล่นอยู่: สรุปจะมาเมื่อเกมจบ
summary-aborted = เกม #{ $id } ถูกยกเลิก: เกมที่ถูกยกเลิกไม่มีสรุป

## เล่นกับคอมพิวเตอร์

computer-started = เกม #{ $id } กับคอมพิวเตอร์เริ่มแล้ว: { $white } (ขาว) พบ { $black } (ดำ) ไม่นับเรตติ้ง { $engine_first ->
        [yes] คอมพิวเตอร์เดินก่อน
       *[no] ตาของ { $to_move } ต้องเดินภายใน { $until }
    }

bad-level = ระดับต้องเป็นจำนวนเต็มตั้งแต่ 1 (อ่อนที่สุด) ถึง 8 (เต็มกำลัง) ไม่ใช่ { $given }

engine-unavailable = ที่นี่ยังเล่นกับคอมพิวเตอร์ไม่ได้ เพราะไม่ได้ติดตั้งโปรแกรมหมากรุก (Stockfish) ผู้ดูแลบอทติดตั้งได้ด้วย `apt-get install stockfish` หรือระบุตำแหน่งโปรแกรมใน STOCKFISH_PATH

engine-no-answer = คอมพิวเตอร์ยังตอบไม่ได้ในตอนนี้ (โปรแกรมหมากรุกไม่พร้อมใช้งาน) ไม่มีอะไรหาย ถ้าถึงตาคอมพิวเตอร์เดิน เกมจะรอ และคอมพิวเตอร์จะลองใหม่เมื่อมีคำสั่งถัดไปในห้องนี้ เช่น `/chess board`

computer-draw-declined = { $by } ปฏิเสธการขอเสมอ: คอมพิวเตอร์จะยอมเสมอหลังตาที่ 30 เท่านั้น และเมื่อเห็นว่าตำแหน่งสูสี (ต่างกันไม่เกิน 0.3 เบี้ย)
engine-oracle-refused = ฉันจะไม่ให้เอนจินเล่นจากตำแหน่งนี้: ตำแหน่งนี้อยู่ในเกมที่คุณกำลังเล่นอยู่ และตาเดินของเอนจินจะเป็นการเล่นเกมนั้นแทนคุณ ลองใหม่เมื่อเกมจบแล้ว

## ความสะดวกของการเล่นแบบเดินข้ามวัน

challenge-expired = คำท้าของ { $challenger } หมดอายุแล้ว ไม่มีใครตอบรับภายใน 7 วัน

challenge-cancelled-by = { $by } ถอนคำท้าของ { $challenger } แล้ว

own-challenge-pending = คุณมีคำท้าค้างอยู่ในห้องนี้แล้ว ใช้ `/chess cancel` เพื่อถอนคำท้า

vacation-started = { $player } ลาพักถึง { $until } นาฬิกาของผู้เล่นนี้หยุดเดินจนถึงตอนนั้น

vacation-over = { $player } กลับจากลาพักแล้ว นาฬิกาของผู้เล่นนี้เดินต่อ

vacation-summary = คุณลาพัก { $days } วัน ถึง { $until } นาฬิกาของคุณหยุดเดินใน { $games } เกม เหลือวันลาพัก { $left } วันในปีปฏิทินนี้ ใช้ `/chess vacation days:0` เพื่อกลับก่อนกำหนด

vacation-ended-summary = จบการลาพักแล้ว นาฬิกาของคุณเดินต่อ คืนวันที่ไม่ได้ใช้ { $returned } วัน เหลือวันลาพัก { $left } วัน

vacation-running = คุณลาพักอยู่แล้วถึง { $until } ใช้ `/chess vacation days:0` เพื่อกลับก่อนกำหนด

not-on-vacation = คุณไม่ได้ลาพักอยู่

vacation-limit = { $left ->
        [0] คุณใช้วันลาพักของปีนี้หมดแล้ว ลาพักได้ไม่เกิน { $allowance } วันต่อปีปฏิทิน
       *[other] คุณเหลือวันลาพักเพียง { $left } วัน (ไม่เกิน { $allowance } วันต่อปีปฏิทิน)
    }

moretime-given = { $by } ให้เวลา { $player } เพิ่มอีกหนึ่งวัน ต้องเดินภายใน { $until }

moretime-self = ตอนนี้เป็นตาคุณ มีแค่คู่แข่งที่ให้เวลาคุณเพิ่มได้

moretime-limit = คุณให้เวลาเพิ่มในเกมนี้ครบ { $limit } ครั้งแล้ว ให้เพิ่มอีกไม่ได้

notify-set = { $where ->
        [dm] ต่อไปนี้การแจ้งว่าถึงตาคุณและการเตือนเวลาจะส่งเป็นข้อความส่วนตัว
        [off] ปิดการแจ้งว่าถึงตาคุณและการเตือนเวลาแล้ว (ห้องของเกมยังแสดงทุกตาเดินเหมือนเดิม)
       *[channel] ต่อไปนี้การแจ้งว่าถึงตาคุณและการเตือนเวลาจะส่งในห้องของเกม
    }

your-move-dm = ถึงตาคุณเดินใน{ $game } ที่ { $where } แล้ว { $by } เดิน { $number }{ $san } ต้องเดินภายใน { $until }

reminder-dm = ถึงตาคุณเดินใน{ $game } ที่ { $where } แล้ว ต้องเดินภายใน { $until }

vacation-status = { $on ->
        [yes] คุณลาพักอยู่ถึง { $until }
       *[no] คุณไม่ได้ลาพักอยู่
    } เหลือวันลาพัก { $left } วันในปีปฏิทินนี้ (ไม่เกิน { $allowance } วันต่อปี วันที่ไม่ได้ใช้ไม่ยกไปปีหน้า)

board-view-set = { $view ->
        [white] ต่อไปนี้กระดานของคุณจะแสดงฝ่ายขาวอยู่ด้านล่าง
        [black] ต่อไปนี้กระดานของคุณจะแสดงฝ่ายดำอยู่ด้านล่าง
       *[auto] ต่อไปนี้กระดานของคุณจะแสดงฝ่ายของคุณเองอยู่ด้านล่าง
    }

board-theme-set = ต่อไปนี้กระดานของคุณจะใช้ธีม{ $theme ->
        [blue] สีน้ำเงิน
        [green] สีเขียว
        [high-contrast] คอนทราสต์สูง
       *[brown] สีน้ำตาล
    }

channel-theme-set = ต่อไปนี้กระดานของเกมในช่องนี้จะใช้ธีม{ $theme ->
        [blue] สีน้ำเงิน
        [green] สีเขียว
        [high-contrast] คอนทราสต์สูง
       *[brown] สีน้ำตาล
    } สำหรับทุกคน ธีมส่วนตัว (`settings theme:` ในข้อความส่วนตัว) ใช้กับรูปที่ส่งถึงคุณคนเดียว

board-settings-current = กระดานของคุณ: { $view ->
        [white] ฝ่ายขาวอยู่ด้านล่าง
        [black] ฝ่ายดำอยู่ด้านล่าง
       *[auto] ฝ่ายของคุณเองอยู่ด้านล่าง
    } ธีม{ $theme ->
        [blue] สีน้ำเงิน
        [green] สีเขียว
        [high-contrast] คอนทราสต์สูง
       *[brown] สีน้ำตาล
    } เปลี่ยนได้ด้วย `settings board:white|black|auto theme:brown|blue|green|high-contrast`

## เวลาสัมพัทธ์ข้างกำหนดเวลา (คอนโซลและ Matrix)

time-now = ตอนนี้
time-in = ในอีก { $n } { $unit ->
        [minutes] นาที
        [hours] ชั่วโมง
       *[days] วัน
    }
time-ago = { $n } { $unit ->
        [minutes] นาที
        [hours] ชั่วโมง
       *[days] วัน
    }ที่แล้ว

## Matrix trust: a message the bot could not decrypt (told once).
cannot-decrypt = บอทอ่านข้อความล่าสุดของคุณไม่ได้ เพราะไคลเอนต์ของคุณไม่ได้ส่งกุญแจเข้ารหัสให้เซสชันของบอท กรุณายืนยันบอท (หรืออนุญาตให้ส่งถึงเซสชันที่ยังไม่ยืนยันในการตั้งค่าความปลอดภัยของไคลเอนต์) แล้วส่งคำสั่งอีกครั้ง
answered-privately = ฉันส่งคำตอบให้คุณทางข้อความส่วนตัวแล้ว (ห้องส่วนตัวของเรา)
no-private-room = คำตอบของฉันเป็นความลับ และฉันเปิดห้องส่วนตัวกับคุณไม่ได้: เริ่มแชทส่วนตัวกับฉันก่อน แล้วถามใหม่อีกครั้ง

## Spectator pages

watch-link = ดูสด: { $url }
watch-button = ดู
pages-on = เปิดหน้าผู้ชมของชุมชนนี้แล้ว: เกมและลีกใหม่จะได้ลิงก์สำหรับดู
pages-off = ปิดหน้าผู้ชมของชุมชนนี้แล้ว: ไม่มีหน้าให้ดูและไม่มีการโพสต์ลิงก์
pages-not-moderator = เฉพาะผู้ดูแลเท่านั้นที่เปิดหรือปิดหน้าผู้ชมได้
page-renewed = หน้าของเกม { $id } มีที่อยู่ใหม่: { $url } (ที่อยู่เดิมเปิดไม่ได้อีก)
page-renew-not-player = เฉพาะผู้เล่นของเกมและผู้ดูแลเท่านั้นที่เปลี่ยนที่อยู่หน้าได้
page-renew-no-page = เกมนี้ไม่มีหน้าผู้ชม (หน้าปิดอยู่ที่นี่ หรือไม่ได้ให้บริการ)
page-name-hidden = ชื่อของคุณถูกซ่อนในหน้าผู้ชมของเกมของคุณ: ที่นั่นจะแสดงเป็น "ผู้เล่นฝ่ายขาว" หรือ "ผู้เล่นฝ่ายดำ" แทน ส่วนช่องของเกมยังแสดงชื่ออยู่
page-name-shown = ชื่อของคุณแสดงในหน้าผู้ชมของเกมของคุณอีกครั้ง

## Chess960

chess960-start = หมากรุก Chess960 ตำแหน่งเริ่มต้นที่ { $number }
chess960-set-up = หมากรุก Chess960 จากตำแหน่งที่กำหนด
unknown-variant = บอทไม่เล่นแบบ `{ $given }` เลือก standard หรือ chess960
chess960-bad-position = ไม่มีตำแหน่งเริ่มต้น Chess960 ที่ `{ $given }` ตำแหน่งมีหมายเลข 0 ถึง 959
chess960-position-standard = หมายเลขตำแหน่งเริ่มต้นใช้กับ Chess960 เท่านั้น ใช้ variant:chess960 หรือไม่ต้องใส่ตำแหน่ง
chess960-position-and-fen = ใส่หมายเลขตำแหน่ง Chess960 หรือ FEN อย่างใดอย่างหนึ่ง ไม่ใช่ทั้งสองอย่าง
chess960-ratings = เรตติ้ง Chess960:

# คลังเวลา ค่าตั้งสำเร็จ และเกมที่เล่นต่อจาก PGN

bad-bank = คลังเวลาต้องเป็นจำนวนวันเต็มตั้งแต่ 1 ถึง 60 ไม่ใช่ { $given }
bad-increment = เวลาเพิ่มต้องเป็นจำนวนวันเต็มตั้งแต่ 0 ถึง 10 ไม่ใช่ { $given }
increment-without-bank = เวลาเพิ่มต้องมีคลังเวลา: ใส่ bank:B (วัน) เช่น bank:10 increment:1
control-and-bank = ใส่ค่าตั้งสำเร็จ (control:) หรือคลังเวลากับเวลาเพิ่มของคุณเอง อย่างใดอย่างหนึ่ง
unknown-control = ไม่รู้จักการควบคุมเวลา `{ $given }`: เลือก daily, iccf หรือ blitz-days
bank-control = คลังเวลา: ฝ่ายละ { $bank } วัน บวก { $increment } ต่อการเดิน
no-vacation-control = การลาพักไม่หยุดนาฬิกาของเกมนี้
bank-left = เหลือ { $days ->
        [0] { $hours } ชม. { $minutes } นาที
       *[other] { $days } วัน { $hours } ชม.
    }
banks-left = คลังเวลา: { $white } { $white_left }, { $black } { $black_left }
import-start = เล่นต่อจาก PGN หลัง { $moves } ตา (เดิม { $white } พบ { $black }) ไม่นับเรตติ้ง
pgn-and-fen = ใส่ PGN หรือตำแหน่งเริ่ม (fen:, position:) อย่างใดอย่างหนึ่ง
pgn-empty = PGN นี้ไม่มีเกม
pgn-bad-tag = PGN บรรทัด { $line }: แท็กเขียนผิด ({ $detail }) ให้เขียนแบบ [Name "value"]
pgn-bad-fen = PGN บรรทัด { $line }: แท็ก FEN ไม่ใช่ตำแหน่งที่ถูกกติกา ({ $detail })
pgn-bad-variant = PGN บรรทัด { $line }: ไม่เล่นรูปแบบ `{ $given }` เล่นต่อได้เฉพาะหมากรุกมาตรฐานและ Chess960
pgn-bad-move = PGN บรรทัด { $line } ตา { $number }: { $reason }
pgn-unexpected = PGN บรรทัด { $line }: พบ `{ $token }` ที่ไม่คาดคิดในตาเดิน
pgn-unclosed-comment = PGN บรรทัด { $line }: ความเห็นในวงเล็บปีกกาไม่ได้ปิด
pgn-unclosed-variation = PGN บรรทัด { $line }: แนวแยกที่เปิดด้วย ( ไม่ได้ปิด
pgn-too-large = PGN ใหญ่เกินไป: ไม่เกิน { $max } KB
pgn-too-long = PGN บรรทัด { $line }: เกมยาวเกิน { $max } ครึ่งตา
pgn-several-games = PGN นี้มี { $count } เกม: เลือกด้วย game:1 ถึง game:{ $count }
pgn-no-such-game = ไม่มีเกมที่ { $chosen } ใน PGN: มีทั้งหมด { $count } เกม
pgn-move-after-end = PGN บรรทัด { $line } ตา { $number }: เกมจบไปแล้ว
pgn-ended = PGN บรรทัด { $line }: เกมนี้จบแล้ว ({ $result }) เล่นต่อได้เฉพาะเกมที่ยังไม่จบ

community-not-moderator = เฉพาะผู้ดูแลชุมชนเท่านั้นที่เปลี่ยนจำนวนวันลาพัก การควบคุมเวลาเริ่มต้น และกฎการหมดเวลาได้
bad-leave = วันลาพักต้องเป็น 30 หรือ 45 วันต่อปีปฏิทิน ไม่ใช่ { $given }
bad-timeouts = กฎการหมดเวลาต้องเป็นร้อยละ 1 ถึง 99 หรือ off ไม่ใช่ { $given }
leave-set = ต่อไปนี้ผู้เล่นที่นี่ลาพักได้ { $days } วันต่อปีปฏิทิน (วันที่ไม่ได้ใช้ไม่ยกไปปีหน้า)
default-control-set = { $control ->
        [none] คำท้าที่ไม่ระบุการควบคุมเวลาจะใช้จำนวนวันต่อตา
       *[other] คำท้าที่ไม่ระบุการควบคุมเวลาจะใช้แบบ { $control }
    }
timeouts-set = { $percent ->
        [0] คำท้าแบบมีเรตติ้งจะไม่ถูกปฏิเสธเพราะการหมดเวลาอีกต่อไป
       *[other] ต่อไปนี้จะปฏิเสธคำท้าแบบมีเรตติ้งจากผู้เล่นที่หมดเวลาเกิน { $percent }% ของ { $games } เกมที่จบล่าสุดที่นี่ (เมื่อเล่นครบ { $min } เกม)
    }
timeouts-refused = คุณหมดเวลาใน { $timeouts } จาก { $games } เกมที่จบล่าสุดที่นี่ เกิน { $percent }% ที่ชุมชนนี้อนุญาตสำหรับเกมมีเรตติ้ง ท้าด้วย rated:false หรือเล่นให้จบทันเวลาอีกสักสองสามเกมก่อน
community-settings-current = ชุมชนนี้: ลาพักได้ { $leave } วันต่อปีปฏิทิน; การควบคุมเวลาเริ่มต้น: { $control ->
        [none] จำนวนวันต่อตา
       *[other] { $control }
    }; กฎการหมดเวลา: { $percent ->
        [0] ปิด
       *[other] เกิน { $percent }%
    }

## Leagues

league-none = ที่นี่ไม่มีลีกสำหรับคำสั่งนี้ สร้างได้ด้วย /chess league create name:"Winter Cup"
league-none-numbered = ไม่มีลีก { $id } ในช่องนี้
league-not-running = ลีก { $id } ({ $name }) ไม่ได้กำลังแข่งอยู่
league-bad-name = ลีกต้องมีชื่อ: /chess league create name:"Winter Cup"
league-created = { $by } สร้างลีก { $name } (ลีก { $id }): { $rounds ->
        [2] พบกันหมดสองรอบ
       *[other] พบกันหมด
    } ตาละ { $days } วัน รับได้สูงสุด { $max } คน เข้าร่วมด้วย /chess league join
league-starts-at = ลีกจะเริ่มเองเวลา { $until } ถ้ามีผู้เล่นอย่างน้อย 3 คน
league-full = ลีก { $name } เต็มแล้ว ({ $max } คน)
league-already-joined = คุณอยู่ในลีก { $name } แล้ว
league-joined = { $player } เข้าร่วมลีก { $name } (ผู้เล่น { $count } คน)
league-not-member = คุณไม่ได้เล่นในลีก { $name }
league-left = { $player } ออกจากลีก { $name }
league-too-few = ลีก { $name } ต้องมีผู้เล่นอย่างน้อย 3 คนจึงจะเริ่มได้ ตอนนี้มี { $count } คน
league-start-postponed = ลีก { $name } ยังไม่เริ่ม: ต้องมีผู้เล่นอย่างน้อย 3 คน แต่มี { $count } คน ลีกยังเปิดรับอยู่ ผู้สร้างหรือผู้ดูแลเริ่มได้ด้วย /chess league start
league-place-busy = ลีก { $name } เริ่มไม่ได้: มีเกมอื่นขวางอยู่
league-no-place = เกม #{ $id } ({ $white } พบ { $black }) ยังไม่มีที่เล่น: ฉันเปิดเธรดหรือห้องของเกมนี้ที่นี่ไม่ได้ (บน Discord ฉันต้องมีสิทธิ์ "Create Public Threads" และ "Send Messages in Threads" ในช่องนี้) นาฬิกาของเกมยังไม่เริ่ม ฉันจะลองใหม่ทุก 20 นาที
league-creator-cap = คุณมีลีกที่เปิดหรือกำลังแข่งอยู่ที่นี่แล้ว { $max } ลีก: จบหรือยกเลิกลีกหนึ่งก่อนสร้างลีกใหม่
league-community-cap = เซิร์ฟเวอร์นี้มีลีกที่เปิดหรือกำลังแข่งอยู่แล้ว { $max } ลีก: สร้างลีกใหม่ได้เมื่อลีกใดลีกหนึ่งจบลง
league-not-in-direct = ลีกและสวิสเล่นในช่องของชุมชน ไม่ใช่ในข้อความส่วนตัว: สร้างในช่องของเซิร์ฟเวอร์หรือในห้อง
league-closed-unstarted = { $name } ไม่ได้เริ่ม: ลีกและสวิสที่เปิดไว้ { $days } วันโดยไม่เริ่มจะปิดเอง สร้างใหม่เมื่อผู้เล่นพร้อม
league-needs-channel = ลีกเล่นในช่องข้อความหรือช่องประกาศ: แต่ละเกมจะมีเธรดของตัวเองที่นั่น โปรดสร้างลีกในช่องแบบนั้น
league-needs-threads = ฉันเปิดเธรดที่นี่ไม่ได้: ลีกต้องให้ฉันมีสิทธิ์ "Create Public Threads" และ "Send Messages in Threads" ในช่องนี้ ขอให้ผู้ดูแลให้สิทธิ์แล้วลองอีกครั้ง
league-started = ลีก { $name } (ลีก { $id }) เริ่มแล้ว: ผู้เล่น { $n } คน { $games } เกม เริ่มพร้อมกันทั้งหมด คู่แข่งขัน:
league-pairing = เกม { $count }: { $white } (ขาว) - { $black } (ดำ)
league-game-started = { $title } เริ่มแล้ว (`game:{ $id }`): { $white } (ขาว) - { $black } (ดำ) { $mover } เดินก่อน ภายใน { $until }
league-not-started = { $name } (ลีก { $id }) ยังไม่เริ่ม: ยังไม่มีเกมและตารางคะแนน มีผู้เล่นสมัครแล้ว { $count } คน: { $players }
league-standings-title = { $name } (ลีก { $id }): จบแล้ว { $count } จาก { $games } เกม
league-standings-row = { $rank }. { $player }: { $points } คะแนน (เล่นแล้ว { $played } เหลือ { $left }; ไทเบรก { $tiebreak })
league-standings-picture-title = { $name }: ตารางคะแนน
league-standings-header = # | ผู้เล่น | คะแนน | เล่นแล้ว | เหลือ | SB
league-standings-picture-final = { $name }: ตารางคะแนนสุดท้าย ผู้ชนะ: { $winners }
league-standings-note = SB: คะแนน Sonneborn-Berger ใช้ตัดสินเมื่อคะแนนเท่ากัน (คะแนนของคู่แข่งที่ชนะ และครึ่งหนึ่งของคู่ที่เสมอ)
league-cancelled = { $by } ยกเลิกลีก { $name } เกมที่ยังเล่นอยู่จบลงโดยไม่มีผล
league-withdrew-forfeit = { $player } ถอนตัวจากลีก { $name } เกมที่เล่นแล้วยังนับ ส่วนที่เหลือถือว่าแพ้ผ่าน
league-withdrew-annulled = { $player } ถอนตัวจากลีก { $name } ก่อนเล่นครบครึ่งหนึ่งของเกม: ทุกเกมของเขาถูกตัดออกจากตาราง
league-over = ลีก { $name } จบแล้ว! ผู้ชนะ: { $winner }
league-no-abort = เกมในลีกยกเลิกไม่ได้ ให้ยอมแพ้แทน หรือขอให้ผู้สร้างลีกยกเลิกลีก
league-not-manager = เฉพาะผู้สร้างลีก ({ $creator }) หรือผู้ดูแลเท่านั้นที่ทำได้
league-already-started = ลีก { $name } เริ่มไปแล้ว (หรือจบแล้ว)
league-game-opening = เริ่มแบบกำหนดเปิดเกม: ทุกเกมของลีกนี้เริ่มหลัง { $opening }
league-theme-opening = ทุกเกมเริ่มหลัง { $opening }: { $moves }
league-theme-fen = ทุกเกมเริ่มจากตำแหน่งนี้{ $custom ->
    [1] {""} (ตำแหน่งกำหนดเอง: เกมไม่นับเรตติ้ง)
   *[other] {""}
}: { $fen }
league-opening-unknown = ไม่มีแนวเปิดเกมชื่อ "{ $query }" ลองใช้รหัส ECO เช่น C60 หรือชื่อ เช่น Ruy Lopez
league-opening-ambiguous = "{ $query }" ตรงกับแนวเปิดเกมหลายแนว โปรดระบุ: { $candidates }
league-opening-and-fen = เลือกจุดเริ่มได้แบบเดียว: opening: หรือ fen: ไม่ใช่ทั้งสอง
league-opening-chess960 = การแข่งขัน Chess960 สุ่มตำแหน่งเริ่มเอง: opening: ใช้กับหมากรุกปกติ (fen: กำหนดตำแหน่งเดียวให้ทุกเกม)

## Summary limit, rating farming, engine deadline, long texts
summary-limit = คุณเพิ่งขอสรุปในห้องนี้ไป ({ $limit } ครั้ง) กรุณาขอใหม่ในอีก { $minutes } นาที
rated-limit = ไม่คิดเรตติ้ง: { $white } และ { $black } เล่นเกมคิดเรตติ้งกันไปแล้ว { $limit } เกมในวันนี้ (นับได้ไม่เกิน { $limit } เกมต่อวัน)
engine-gave-up = เกม #{ $id } ถูกเลื่อน: คอมพิวเตอร์เดินไม่ได้เป็นเวลา { $minutes } นาที (โปรแกรมหมากรุกไม่พร้อมใช้งาน) เกมถูกยกเลิกและไม่คิดเรตติ้ง
more-lines = …และอีก { $n } รายการ

## Premove: ตาเดินล่วงหน้าแบบมีเงื่อนไขและบันทึกส่วนตัว

premove-added = เพิ่มสายการเดินในเกม #{ $id } แล้ว ตาเดินล่วงหน้าของคุณ ({ $count } สาย) ซึ่งเห็นได้เฉพาะคุณ:

premove-list = ตาเดินล่วงหน้าของคุณในเกม #{ $id } ({ $count } สาย) ซึ่งเห็นได้เฉพาะคุณ:

premove-none = คุณไม่มีตาเดินล่วงหน้าในเกม #{ $id } เพิ่มสายการเดินด้วย `/chess premove line:"e5 Nf3"`: ตาที่คุณคาดว่าคู่แข่งจะเดิน ตามด้วยตาที่คุณจะตอบ และต่อไปเรื่อย ๆ

premove-cleared = ลบตาเดินล่วงหน้าของคุณในเกม #{ $id } แล้ว

premove-conflict = ไม่รับ: หลัง { $path } สายที่คุณตั้งไว้แล้วตอบด้วย { $old } แต่สายนี้ตอบด้วย { $new } หนึ่งตำแหน่งตอบได้ทางเดียว ใช้ `/chess premove clear` เพื่อเริ่มใหม่

premove-own-turn = ตอนนี้ถึงตาคุณเดินในเกม #{ $id }: เดินด้วย `/chess move` ตาเดินล่วงหน้าตั้งได้ขณะที่ถึงตาคู่แข่ง โดยเริ่มจากตาที่คุณคาดว่าเขาจะเดิน

premove-computer = คอมพิวเตอร์ตอบทันที: ตาเดินล่วงหน้าใช้ได้เฉพาะเกมระหว่างผู้เล่นสองคน

premove-bad-move = ตาที่ { $n } ของสาย: { $detail }

premove-after-end = ตาที่ { $n } ของสายอยู่หลังจากที่เกมจะจบไปแล้ว

premove-odd-line = สายการเดินต้องจบด้วยตาที่คุณตอบ: เพิ่มตาที่คุณจะเดินหลัง { $input } หรือตัด { $input } ออก

premove-empty = สายไหน? ตาที่คุณคาดว่าคู่แข่งจะเดิน ตามด้วยตาที่คุณจะตอบ และต่อไปเรื่อย ๆ: `/chess premove line:"e5 Nf3 Nc6 Bb5"`

premove-too-many = ตั้งสายการเดินล่วงหน้าได้ไม่เกิน { $max } สายต่อเกม ไม่ได้เพิ่มอะไร

premove-too-long = สายการเดินล่วงหน้ายาวได้ไม่เกิน { $max } ตา ไม่ได้เพิ่มอะไร

premove-game-over = เกม #{ $id } จบแล้ว

premove-moved = { $by } เดิน { $number }{ $san } (ตาเดินล่วงหน้า) ตาของ { $next } ต้องเดินภายใน { $until }

premove-moved-final = { $by } เดิน { $number }{ $san } (ตาเดินล่วงหน้า)

games-premove-lines = (ตาเดินล่วงหน้า { $count } สาย)

games-note = บันทึกของคุณ: { $note }

note-saved = บันทึกส่วนตัวของคุณในเกม #{ $id } ถูกเก็บแล้ว เห็นได้เฉพาะคุณ: ใน `/chess games` ใน `/chess board private:true` และใน PGN ฉบับของคุณ

note-cleared = ลบบันทึกของคุณในเกม #{ $id } แล้ว

note-current = บันทึกส่วนตัวของคุณในเกม #{ $id }: { $note }

note-none = คุณไม่มีบันทึกในเกม #{ $id } เขียนได้ด้วย `/chess note text:"..."`

note-too-long = บันทึกยาวได้ไม่เกิน { $max } ตัวอักษร แต่อันนี้มี { $count } ตัว ไม่ได้บันทึกอะไร

note-own-copy = PGN ฉบับของคุณของเกม #{ $id } พร้อมบันทึกส่วนตัว:

## Puzzles

puzzle-shown = โจทย์ #{ $id } ({ $motif ->
        [mate] รุกจน
        [material] ได้เปรียบหมาก
       *[advantage] ตาเดินที่ชนะ
    }): { $own ->
        [yes] โอกาสที่คุณพลาดในเกม #{ $game } { $white } กับ { $black }
       *[no] จากเกม #{ $game } { $white } กับ { $black }
    } ฝ่าย{ $color ->
        [black] ดำ
       *[white] ขาว
    }เดิน: หาตาเดินที่ดีที่สุดแล้วตอบด้วย `/chess solve <ตาเดิน>` ชนะติดต่อกัน: { $n } แก้ได้แล้ว: { $count }
puzzle-analysis-pending = เกม #{ $id } ยังวิเคราะห์อยู่: โจทย์จากเกมนี้จะมาเมื่อวิเคราะห์เสร็จ
puzzle-none = ยังไม่มีโจทย์สำหรับคุณ: โจทย์มาจากเกมที่จบแล้วและวิเคราะห์แล้วของชุมชนนี้
puzzle-right = ถูกต้อง: { $san }! ฝ่ายตรงข้ามตอบ { $reply } หาตาเดินถัดไป
puzzle-solved = แก้โจทย์ #{ $id } ได้แล้ว: { $line } ชนะติดต่อกัน: { $n } แก้ได้แล้ว: { $count }
puzzle-wrong = { $san } ยังไม่ใช่ ลองได้อีกครั้ง
puzzle-failed = { $san } ก็ยังไม่ใช่ คำตอบคือ { $line } นับต่อเนื่องใหม่
puzzle-not-yours = โจทย์ #{ $id } ไม่ใช่ของคุณ: ขอโจทย์ของคุณเองด้วย `/chess puzzle`
puzzle-finished = คุณทำโจทย์ #{ $id } จบแล้ว: ขอโจทย์ใหม่ด้วย `/chess puzzle`
puzzle-daily-on = โจทย์ประจำวันจะโพสต์ที่นี่เวลา { $time } UTC ครั้งแรก { $until }
puzzle-daily-off = ไม่มีโจทย์ประจำวันที่นี่อีกแล้ว
puzzle-daily-moderators = เฉพาะผู้ดูแลเท่านั้นที่เปิดหรือปิดโจทย์ประจำวันได้
puzzle-daily = โจทย์ประจำวัน #{ $id } ({ $motif ->
        [mate] รุกจน
        [material] ได้เปรียบหมาก
       *[advantage] ตาเดินที่ชนะ
    }): ฝ่าย{ $color ->
        [black] ดำ
       *[white] ขาว
    }เดิน ตอบแบบส่วนตัวด้วย `/chess solve <ตาเดิน>`
puzzle-daily-first = โจทย์ครั้งก่อน { $name } แก้ได้เป็นคนแรก
puzzle-daily-unsolved = ไม่มีใครแก้โจทย์ครั้งก่อนได้

## A channel's board orientation
channel-board-set = { $view ->
        [black] ต่อไปนี้กระดานของเกมในช่องนี้จะแสดงฝ่ายดำอยู่ด้านล่างสำหรับทุกคน
       *[white] ต่อไปนี้กระดานของเกมในช่องนี้จะแสดงฝ่ายขาวอยู่ด้านล่างสำหรับทุกคน
    }
channel-board-locked = ระหว่างที่ { $white } กับ { $black } เล่นอยู่ที่นี่ มีแค่พวกเขา (หรือผู้ดูแล) ที่หมุนกระดานของช่องนี้ได้ มุมมองกระดานที่ส่งถึงคุณคนเดียว ตั้งได้ด้วย `settings board:` ในข้อความส่วนตัว

## The summary card
card-how = { $termination ->
        [checkmate] ด้วยการรุกจน
        [stalemate] เพราะอับ
        [dead_position] เพราะตำแหน่งตาย
        [threefold_repetition] เพราะตำแหน่งซ้ำสามครั้ง
        [fifty_moves] ตามกฎ 50 ตา
        [fivefold_repetition] เพราะตำแหน่งซ้ำห้าครั้ง
        [seventyfive_moves] ตามกฎ 75 ตา
        [agreement] โดยการตกลง
        [resignation] เพราะอีกฝ่ายยอมแพ้
        [timeout] เพราะอีกฝ่ายหมดเวลา
       *[other] { "" }
    }
card-accuracy = ความแม่นยำ { $accuracy }%
card-duration = { $unit ->
        [minutes] ใน { $n } นาที
        [hours] ใน { $n } ชั่วโมง
       *[days] ตลอด { $n } วัน
    }

## "did you mean"
unknown-command-suggest = ไม่รู้จักคำสั่ง `{ $name }` หมายถึง `{ $suggestion }` หรือเปล่า? ดูคำสั่งทั้งหมดได้ที่ `/chess help`

## The themes listed
bad-theme = ไม่มีธีม `{ $value }` ธีมที่มี: { $themes }

## Aborted games
game-aborted = เกม #{ $id } ถูกยกเลิกก่อนที่ทั้งสองฝ่ายจะได้เดิน: ไม่มีผลแพ้ชนะ ไม่คิดเรตติ้ง

## Chess960 leagues
league-chess960 = ทุกเกมในลีกนี้เป็นหมากรุก Chess960 นับเรตติ้ง Chess960: แต่ละคู่ได้ตำแหน่งเริ่มต้นของตัวเองแบบสุ่ม{ $rounds ->
        [2] {" "}และใช้ตำแหน่งเดียวกันทั้งสองเกมโดยสลับสี
       *[other] {""}
    }

## A symbol per kind of announcement
announce-move = ♟
announce-win = ✅
announce-draw = ½
announce-reminder = ⏰

## The Discord commands; see en/chessbot.ftl.

cmd-chess =
    .description = หมากรุกแบบเดินข้ามวัน: ท้าคู่แข่ง แล้วเดินทีละตา

cmd-chess-challenge =
    .description = ท้าใครสักคน (หรือใครก็ได้) เล่นหมากรุกในห้องนี้
    .option-opponent-description = คู่แข่ง เว้นว่างไว้เพื่อเปิดคำท้าให้ทุกคน
    .option-color-description = ฝ่ายของคุณ (ค่าเริ่มต้น: สุ่ม)
    .option-days-description = จำนวนวันต่อตา 1 ถึง 14 (ค่าเริ่มต้น 3)
    .option-rules-description = house: ตำแหน่งซ้ำและ 50 ตาจบเกมทันที; fide: ต้องขอเสมอเอง
    .option-fen-description = เริ่มจากตำแหน่งนี้ (FEN) แทนตำแหน่งปกติ
    .option-rated-description = นับเรตติ้ง (ค่าเริ่มต้น: ใช่; ไม่นับเมื่อใช้ FEN)
    .option-variant-description = standard หรือ chess960 (หมากรุกฟิชเชอร์) ค่าเริ่มต้น standard
    .option-position-description = ตำแหน่งเริ่มต้น Chess960 0 ถึง 959 (ค่าเริ่มต้น: สุ่ม)
    .option-bank-description = คลังเวลาเป็นวัน 1 ถึง 60 แทนจำนวนวันต่อตา
    .option-increment-description = วันที่เพิ่มให้คลังทุกตาที่เดิน 0 ถึง 10 (ใช้กับ bank)
    .option-control-description = ค่าตั้งสำเร็จ: daily, iccf (คลัง 50 วัน เพิ่ม 1 ต่อตา) หรือ blitz-days
    .option-pgn-description = ไฟล์ PGN: เล่นต่อจากตำแหน่งสุดท้าย (ไม่นับเรตติ้ง)
    .option-game-description = เกมไหนในไฟล์ PGN ที่มีหลายเกม

cmd-chess-computer =
    .description = เล่นกับคอมพิวเตอร์ (Stockfish) ในห้องนี้ได้ทันที ไม่นับเรตติ้ง
    .option-level-description = ระดับ: 1 อ่อนที่สุด 8 เต็มกำลัง (ค่าเริ่มต้น 3)
    .option-color-description = ฝ่ายของคุณ (ค่าเริ่มต้น: สุ่ม)
    .option-days-description = จำนวนวันต่อตาของคุณ 1 ถึง 14 (ค่าเริ่มต้น 3)
    .option-fen-description = เริ่มจากตำแหน่งนี้ (FEN) แทนตำแหน่งปกติ
    .option-variant-description = standard หรือ chess960 (หมากรุกฟิชเชอร์) ค่าเริ่มต้น standard
    .option-position-description = ตำแหน่งเริ่มต้น Chess960 0 ถึง 959 (ค่าเริ่มต้น: สุ่ม)

cmd-chess-accept =
    .description = รับคำท้าในห้องนี้

cmd-chess-decline =
    .description = ปฏิเสธคำท้าในห้องนี้

cmd-chess-cancel =
    .description = ถอนคำท้าของคุณในห้องนี้

cmd-chess-move =
    .description = เดินหมาก (Nf3, e4, O-O หรือ g1f3)
    .option-move-description = ตาเดินของคุณ เช่น e4, Nf3, exd5, O-O, e8=Q หรือ g1f3

cmd-chess-board =
    .description = แสดงกระดานของเกมในห้องนี้
    .option-flip-description = กลับด้านกระดาน (ปกติเป็นไปตามที่ตั้งไว้สำหรับช่อง: ฝ่ายขาวอยู่ด้านล่าง)
    .option-private-description = ให้คุณเห็นคนเดียว พร้อมบันทึกส่วนตัวของคุณ
    .option-text-description = ตำแหน่งเป็นคำ: หมากทุกตัว ตาล่าสุด และนาฬิกา
    .option-square-description = ช่อง เช่น e4: มีอะไรอยู่ และหมากตัวใดโจมตีช่องนั้น
    .option-piece-description = ชนิดของหมาก (N หรือ ม้า): หมากชนิดนั้นอยู่ที่ใด

cmd-chess-draw =
    .description = ขอเสมอ หรือรับข้อเสนอเสมอของคู่แข่ง
    .option-claim-description = ขอเสมอเมื่อตำแหน่งซ้ำสามครั้งหรือครบ 50 ตา (กติกา FIDE)
    .option-move-description = ตาเดินที่ทำให้ตำแหน่งซ้ำหรือครบ 50 ตา (ไม่บังคับ)

cmd-chess-resign =
    .description = ยอมแพ้เกมในห้องนี้

cmd-chess-abort =
    .description = ยกเลิกเกมโดยไม่มีผล ก่อนที่ทั้งสองฝ่ายจะได้เดิน

cmd-chess-takeback =
    .description = ขอคืนตาเดินล่าสุด (คู่แข่งต้องยืนยัน)

cmd-chess-rematch =
    .description = ขอแข่งใหม่กับคู่แข่งเกมล่าสุดในห้องนี้ โดยสลับฝ่าย

cmd-chess-pgn =
    .description = ส่งออกเกมเป็น PGN (ค่าเริ่มต้น: เกมในห้องนี้หรือเกมล่าสุด)
    .option-game-description = หมายเลขเกม (จาก /chess games หรือ /chess history)

cmd-chess-summary =
    .description = สรุปเกมที่จบแล้ว (ค่าเริ่มต้น: เกมล่าสุดในห้องนี้)
    .option-game-description = หมายเลขเกม (จาก /chess history)

cmd-chess-games =
    .description = เกมที่คุณกำลังเล่นอยู่ในทุกห้อง (เห็นได้เฉพาะคุณ)

cmd-chess-history =
    .description = เกมที่จบแล้ว (ของคุณหรือของคนอื่น)
    .option-user-description = เกมของใคร (ค่าเริ่มต้น: ของคุณ)

cmd-chess-stats =
    .description = เรตติ้งและผลงานของผู้เล่น; ใส่ vs เพื่อดูสถิติที่เจอกัน
    .option-user-description = สถิติของใคร (ค่าเริ่มต้น: ของคุณ)
    .option-vs-description = คู่แข่งที่จะดูสถิติที่เจอกัน
    .option-variant-description = เรตติ้ง: standard (ค่าเริ่มต้น) หรือ chess960

cmd-chess-leaderboard =
    .description = ผู้เล่นเรตติ้งสูงสุดของเซิร์ฟเวอร์
    .option-variant-description = เรตติ้ง: standard (ค่าเริ่มต้น) หรือ chess960

cmd-chess-help =
    .description = วิธีเล่น

cmd-chess-settings =
    .description = ดูหรือตั้งภาษาของห้อง มุมมองและธีมกระดานของคุณ
    .option-language-description = ภาษา: en, th, ru หรือ ro (เว้นว่างเพื่อดูภาษาปัจจุบัน)
    .option-board-description = ฝ่ายใดอยู่ด้านล่างบนกระดานของคุณ
    .option-theme-description = สีของกระดานของคุณ
    .option-notify-description = เลือกว่าจะรับการแจ้งว่าถึงตาคุณและการเตือนเวลาที่ไหน
    .option-pagename-description = ชื่อของคุณในหน้าผู้ชมของเกมของคุณ: แสดงหรือซ่อน
    .option-pages-description = ผู้ดูแล: เปิดหรือปิดหน้าผู้ชมของชุมชน
    .option-leave-description = ผู้ดูแล: วันลาพักต่อปีปฏิทินที่นี่ 30 หรือ 45
    .option-control-description = ผู้ดูแล: การควบคุมเวลาเริ่มต้น (daily, iccf, blitz-days, off)
    .option-timeouts-description = ผู้ดูแล: ปฏิเสธคำท้ามีเรตติ้งเมื่อหมดเวลาเกิน % นี้ (0 คือปิด)
    .option-images-description = กระดานและการแจ้งเตือนส่วนตัวของคุณ: เป็นรูป (on) หรือเป็นคำ (off)
    .option-tablebase-description = ผู้ดูแล: ตารางเอนด์เกม (off, claim, auto)
    .option-digest-description = สรุปส่วนตัววันละครั้งในชั่วโมงนี้ (0-23) หรือ off
    .option-tz-description = เขตเวลาของคุณสำหรับสรุป เป็นค่าชดเชยจาก UTC (+2, -5, +5:30)

cmd-chess-vacation =
    .description = หยุดนาฬิกาในทุกเกมของคุณเป็นเวลาหลายวัน
    .option-days-description = จำนวนวันลาพัก (0 เพื่อกลับก่อน เว้นว่างเพื่อดูวันที่เหลือ)

cmd-chess-moretime =
    .description = ให้เวลาคู่แข่งที่ถึงตาเดินเพิ่มอีกหนึ่งวัน

cmd-chess-league =
    .description = ลีกพบกันหมดในห้องนี้

cmd-chess-league-create =
    .description = สร้างลีกในห้องนี้
    .option-name-description = ชื่อลีก
    .option-days-description = จำนวนวันต่อตา 1 ถึง 14 (ค่าเริ่มต้น 3)
    .option-rounds-description = ลีก: 1 หรือ 2 รอบวง สวิส: 3 ถึง 11 รอบ (ค่าเริ่มต้นตามจำนวนผู้เล่น)
    .option-max-description = ผู้เล่นสูงสุด: ลีก 3-16 คน สวิส 4-200 คน
    .option-rated-description = นับเรตติ้ง (ค่าเริ่มต้น: ใช่)
    .option-rules-description = house หรือ fide
    .option-starts-description = เริ่มเองตามเวลา (UTC): 2026-12-24 18:00
    .option-chess960-description = ทุกเกมเป็นหมากรุก Chess960
    .option-format-description = round_robin (ค่าเริ่มต้น) หรือ swiss (จับคู่ระบบดัตช์ของ FIDE ทีละรอบ)
    .option-bank-description = ทุกเกมใช้คลังเวลาเท่านี้วัน 1 ถึง 60
    .option-increment-description = วันที่เพิ่มในคลังทุกตาที่เดิน 0 ถึง 10 (ใช้กับ bank)
    .option-control-description = การควบคุมเวลาของทุกเกม: daily, iccf หรือ blitz-days
    .option-opening-description = ทุกเกมเริ่มหลังการเปิดเกมนี้: รหัส ECO หรือชื่อ (Ruy Lopez)
    .option-fen-description = ทุกเกมเริ่มจากตำแหน่งนี้ (FEN; ไม่นับเรตติ้ง)
    .option-tiebreaks-description = ลำดับตัดสินคะแนนเท่าของสวิส: bh1,bh,sb,de,wins (ค่าเริ่มต้น)

cmd-chess-league-join =
    .description = เข้าร่วมลีกที่เปิดรับในห้องนี้
    .option-league-description = หมายเลขลีก (ค่าเริ่มต้น: ลีกของห้องนี้)

cmd-chess-league-leave =
    .description = ออกจากลีกก่อนเริ่ม
    .option-league-description = หมายเลขลีก (ค่าเริ่มต้น: ลีกของห้องนี้)

cmd-chess-league-start =
    .description = เริ่มลีก: ทุกเกมพร้อมกัน (ผู้สร้างหรือผู้ดูแล)
    .option-league-description = หมายเลขลีก (ค่าเริ่มต้น: ลีกของห้องนี้)

cmd-chess-league-standings =
    .description = ตารางคะแนนของลีก เป็นข้อความและรูปภาพ
    .option-league-description = หมายเลขลีก (ค่าเริ่มต้น: ลีกของห้องนี้)

cmd-chess-league-cancel =
    .description = ยกเลิกลีก เกมที่ยังเล่นอยู่จบโดยไม่มีผล
    .option-league-description = หมายเลขลีก (ค่าเริ่มต้น: ลีกของห้องนี้)

cmd-chess-league-withdraw =
    .description = ถอนตัวจากลีกที่กำลังแข่ง (ดูกติกา)
    .option-league-description = หมายเลขลีก (ค่าเริ่มต้น: ลีกของห้องนี้)

cmd-chess-league-export =
    .description = รายงานการแข่งขันระบบสวิส (FIDE TRF) เป็นไฟล์
    .option-league-description = หมายเลขลีก (ค่าเริ่มต้น: ลีกของห้องนี้)
    .option-format-description = trf (รูปแบบเดียว)

cmd-chess-premove =
    .description = ตาเดินล่วงหน้าและบันทึกส่วนตัว (เห็นได้เฉพาะคุณ)

cmd-chess-premove-line =
    .description = เพิ่มสาย: ตาที่คาดว่าคู่แข่งจะเดิน ตาที่คุณตอบ และต่อไป
    .option-line-description = ตาเดินคั่นด้วยช่องว่าง เช่น e5 Nf3 Nc6 Bb5
    .option-game-description = หมายเลขเกม (ค่าเริ่มต้น: เกมในห้องนี้)

cmd-chess-premove-list =
    .description = แสดงตาเดินล่วงหน้าของคุณ
    .option-game-description = หมายเลขเกม (ค่าเริ่มต้น: เกมในห้องนี้)

cmd-chess-premove-clear =
    .description = ลบตาเดินล่วงหน้าทั้งหมดของคุณในเกม
    .option-game-description = หมายเลขเกม (ค่าเริ่มต้น: เกมในห้องนี้)

cmd-chess-premove-note =
    .description = บันทึกส่วนตัวในเกม: เขียน ดู (ไม่ใส่ข้อความ) หรือลบ
    .option-text-description = ข้อความบันทึก (ไม่เกิน 2000 ตัวอักษร) เว้นว่างเพื่อดู
    .option-clear-description = ลบบันทึก
    .option-game-description = หมายเลขเกม (ค่าเริ่มต้น: เกมในห้องนี้)

cmd-chess-puzzle =
    .description = โจทย์จากเกมของคุณเอง

cmd-chess-puzzle-next =
    .description = โจทย์สำหรับคุณ จากเกมของคุณเองก่อน (เห็นคนเดียว)

cmd-chess-puzzle-solve =
    .description = ตอบโจทย์ของคุณ (Nf3 หรือ g1f3)
    .option-move-description = ตาเดินของคุณ เช่น Nf3, Qxf7+ หรือ g1f3
    .option-puzzle-description = หมายเลขโจทย์ (ค่าเริ่มต้นคือโจทย์ปัจจุบันของคุณ)

cmd-chess-puzzle-daily =
    .description = โพสต์โจทย์ประจำวันในห้องนี้ (ผู้ดูแล)
    .option-on-description = เปิดหรือปิด
    .option-hour-description = ชั่วโมงที่โพสต์ตามเวลา UTC (0-23 ค่าเริ่มต้น 18)

cmd-stats-menu = สถิติหมากรุก

cmd-choice-color-white = ขาว
cmd-choice-color-black = ดำ
cmd-choice-color-random = สุ่ม
cmd-choice-rules-house = กติกาของบอท
cmd-choice-rules-fide = FIDE
cmd-choice-variant-standard = มาตรฐาน
cmd-choice-variant-chess960 = Chess960 (ฟิชเชอร์)
cmd-choice-notify-dm = ข้อความส่วนตัว
cmd-choice-notify-channel = ห้องของเกม
cmd-choice-notify-off = ปิด
cmd-choice-pagename-shown = แสดง
cmd-choice-pagename-hidden = ซ่อน
cmd-choice-pages-on = เปิด
cmd-choice-pages-off = ปิด
cmd-choice-pages-new = ใหม่

# การแข่งขันระบบสวิส (จับคู่ตามระบบดัตช์ของ FIDE)
swiss-created = { $by } สร้างการแข่งขันระบบสวิส { $name } (ลีก { $id }): { $rounds ->
        [0] จำนวนรอบกำหนดตอนเริ่ม
       *[other] { $rounds } รอบ
    }, { $days } วันต่อหนึ่งตา, ผู้เล่นไม่เกิน { $max } คน เข้าร่วมด้วย /chess league join
swiss-too-few = { $name } ต้องมีผู้เล่นอย่างน้อย 4 คนจึงจะเริ่มได้ ตอนนี้มี { $count } คน
swiss-started = { $name } (ลีก { $id }) เริ่มแล้ว: ผู้เล่น { $n } คน { $rounds } รอบ จับคู่ตามระบบดัตช์ของ FIDE
swiss-round = { $name } รอบที่ { $round } จาก { $rounds }:
swiss-pairing = กระดาน { $board }: { $white } (ขาว) - { $black } (ดำ)
swiss-bye = ได้บาย (หนึ่งแต้ม): { $player }
swiss-late-joined = { $player } เข้าร่วม { $name } ช้า: พลาด { $missed } รอบโดยไม่ได้แต้ม จะถูกจับคู่ตั้งแต่รอบถัดไป
swiss-too-late = { $name } จับคู่รอบสุดท้ายไปแล้ว: ปิดรับผู้เล่นเพิ่ม
swiss-withdrew = { $player } ถอนตัวจาก { $name }: ผลที่ผ่านมายังคงอยู่ เกมที่กำลังเล่นถือว่าแพ้ และจะไม่ถูกจับคู่ในรอบต่อไป
swiss-no-pairing = { $name } จบก่อนรอบที่ { $round }: ไม่มีการจับคู่ใดที่เป็นไปตามกติกา (ห้ามพบกันซ้ำ, สีหมาก)
swiss-standings-row = { $rank }. { $player }: { $points } แต้ม ({ $tiebreaks })
swiss-standings-header = # | ผู้เล่น | แต้ม
swiss-export = รายงานการแข่งขันของ { $name } (ลีก { $id }) แบบ FIDE TRF
swiss-export-only = { $name } ไม่ใช่การแข่งขันระบบสวิส: มีเพียงระบบสวิสที่มีรายงานการแข่งขัน
swiss-tiebreak = { $code ->
    [bh1] Buchholz Cut-1
    [bh] Buchholz
    [sb] SB
    [de] ผลการพบกันโดยตรง
   *[wins] จำนวนชนะ
}
swiss-tiebreak-legend = { $code ->
    [bh1] BH-C1: Buchholz Cut-1
    [bh] BH: Buchholz
    [sb] SB: Sonneborn-Berger
    [de] DE: ผลการพบกันโดยตรง
   *[wins] W: จำนวนชนะ
}
swiss-tiebreak-short = { $code ->
    [bh1] BH-C1
    [bh] BH
    [sb] SB
    [de] DE
   *[wins] W
}
swiss-tiebreak-order = ลำดับการตัดสินคะแนนเท่า: { $order }
swiss-tiebreak-unknown = "{ $name }" ไม่ใช่วิธีตัดสินคะแนนเท่า ใช้ bh1 (Buchholz Cut-1), bh (Buchholz), sb (Sonneborn-Berger), de (พบกันโดยตรง) หรือ wins คั่นด้วยจุลภาค
swiss-tiebreaks-swiss-only = กำหนดลำดับการตัดสินคะแนนเท่าได้เฉพาะระบบสวิส: ลีกพบกันหมดใช้ Sonneborn-Berger ผลการพบกัน และจำนวนชนะ
cmd-choice-format-round_robin = พบกันหมด
cmd-choice-format-swiss = สวิส
cmd-choice-format-trf = trf

## เล่นเป็นทีม (หมากรุกโหวต)
team-challenge-posted = ทีม { $challenger } ท้าทีม { $opponent } เล่นเกมแบบโหวต ใครก็ได้ใน { $opponent } รับคำท้าที่นั่นด้วย /team accept
team-challenge-received = ทีม { $challenger } ท้าช่องนี้ ({ $opponent }) เล่นเกมแบบโหวต ใครก็ได้ที่นี่รับคำท้าด้วย /team accept แล้วทุก /chess move ที่นี่จะเป็นการโหวตตาเดินของช่องนี้
team-vote = คุณโหวต: { $san } (ตอนนี้มี { $voted } เสียง; การโหวตปิดเมื่อถึงกำหนดเวลา เมื่อสมาชิกที่มีชื่อโหวตครบทุกคน หรือเมื่อผู้ดูแลปิด)
team-vote-closed = { $team }: ปิดโหวตแล้ว เดิน { $san } ผลโหวต: { $tally }
team-summary-voters = ผู้โหวตของ { $team } (ตัวเลือกที่ได้เดิน จากจำนวนโหวต): { $list }
team-voter = { $name } { $played } จาก { $voted }
team-vote-closed-motion = { $team }: ปิดโหวตแล้ว เสียงข้างมากเลือก { $motion } ผลโหวต: { $tally }
team-motion-vote = โหวตของคุณ: { $motion } ({ $support } จาก { $voters } คนที่โหวตแล้ว ต้องได้มากกว่าครึ่ง)
team-motion-not-now = ทีมโหวตขอเสมอหรือยอมแพ้ได้ในตาของตัวเอง ในตาของอีกฝ่ายทำได้เพียงขอคืนตาที่เพิ่งเดิน (takeback)
team-motion-draw = ขอเสมอ
team-motion-resign = ยอมแพ้
team-motion-takeback = ขอคืนตา
team-votes = ผลโหวตของ { $team } สำหรับตานี้: { $tally } (โหวตแล้ว { $voted } จาก { $members } คน)
team-votes-none = ยังไม่มีใครใน { $team } โหวตตานี้
team-votes-waiting = { $team } กำลังรอตาเดินของอีกฝ่าย: ยังไม่เปิดโหวต
team-other-side = คุณโหวตให้ { $team } ในเกม { $id } แล้ว: หนึ่งคนโหวตได้ฝ่ายเดียวในเกมหนึ่ง
team-not-for-teams = ทีมเล่นด้วยการโหวต: การเคลมและการขอเวลาเพิ่มใช้กับทีมไม่ได้ (ทีมที่ไม่โหวตจะแพ้เพราะหมดเวลา)
team-moderators-only = เฉพาะผู้ดูแลช่องนี้เท่านั้นที่ทำได้
team-limit = ชุมชนนี้มีเกมและคำท้าแบบทีมอยู่แล้ว (สูงสุด { $max }) ให้จบเกมหนึ่งก่อน
team-not-in-direct = การเล่นแบบทีมเล่นระหว่างช่องของชุมชน ไม่ใช่ในข้อความส่วนตัว: เริ่มในช่องของเซิร์ฟเวอร์หรือในห้อง
team-channel-elsewhere = ช่องนั้นเป็นชุมชนอื่น: ทีมจากสองชุมชนพบกันด้วยรหัส ส่ง `team challenge` โดยไม่ใส่ `channel:` แล้วผู้ดูแลฝั่งนั้นยอมรับด้วยรหัส
team-member-of-other-side = { $name } เป็นฝ่ายตรงข้ามในเกม { $id } อยู่แล้ว (โหวตไว้หรือทีมนั้นระบุชื่อ): คนหนึ่งถูกระบุชื่อได้เพียงฝ่ายเดียวของเกม
team-members-only-on = เฉพาะสมาชิกที่ระบุชื่อเท่านั้นที่โหวตให้ { $team } ได้ (`team members only:off` ให้ทุกคนที่นี่โหวตได้)
team-members-only-refused = เฉพาะสมาชิกที่ระบุชื่อของ { $team } เท่านั้นที่โหวตได้: ผู้ดูแลระบุชื่อคุณได้ด้วย `team members add`
team-own-channel = ช่องท้าตัวเองไม่ได้ ให้ระบุช่องอื่น
team-code-posted = ทีม { $team } ท้าชุมชนอื่นเล่นเกมโหวต รหัส: { $code } (ใช้ได้ครั้งเดียว ภายใน { $days } วัน) ผู้ดูแลของอีกฝ่ายพิมพ์ /team accept code:{ $code } ในช่องที่จะเล่น
team-code-unavailable = สร้างรหัสไม่ได้ในตอนนี้ ลองใหม่อีกครั้ง
team-code-moderators = เฉพาะผู้ดูแลของช่องนี้เท่านั้นที่รับคำท้าของชุมชนอื่นด้วยรหัสได้
team-code-unknown = ไม่มีคำท้าของทีมที่ใช้รหัสนี้: อาจพิมพ์ผิด ถูกใช้แล้ว หรือหมดอายุ (รหัสใช้ได้ 7 วัน)
team-code-other-platform = รหัสนี้สร้างบนแพลตฟอร์มแชตอื่น เกมทีมเล่นระหว่างสองที่บนแพลตฟอร์มเดียวกัน
team-no-game = ไม่มีเกมแบบทีมในช่องนี้
team-no-challenge = ไม่มีคำท้าแบบทีมที่รอช่องนี้อยู่
team-members = สมาชิกที่ระบุชื่อของ { $team }: { $list }
team-members-none = { $team } ไม่มีสมาชิกที่ระบุชื่อ: ใครที่นี่ก็โหวตได้ และการโหวตแต่ละตาจะปิดเมื่อถึงเส้นตาย
team-busy = { $team } ไม่ว่าง: มีเกมหรือคำท้าอยู่ที่นั่นแล้ว
team-nothing-to-close = ไม่มีโหวตให้ปิด: ยังไม่มีใครโหวตตานี้
match-none = ช่องนี้ไม่ได้อยู่ในแมตช์ทีมใด
match-busy = ช่องนี้อยู่ในแมตช์ทีมอยู่แล้ว: จบแมตช์นั้นก่อน
match-limit = ชุมชนนี้อยู่ในแมตช์ทีม { $max } แมตช์แล้ว: จบหนึ่งแมตช์ก่อน
match-created = ทีม { $team } ท้าชุมชนอื่นแข่งแมตช์ { $id }: { $boards } กระดาน { $days } วันต่อตา รหัส: { $code } (ใช้ได้ครั้งเดียว ภายใน { $valid } วัน) ผู้ดูแลฝั่งนั้นพิมพ์ /team match accept code:{ $code } ในช่องที่จะเป็นฝั่งของตน
match-code-unknown = ไม่มีแมตช์ทีมที่ใช้รหัสนี้: อาจพิมพ์ผิด ถูกใช้แล้ว หรือหมดอายุ (รหัสมีอายุ 7 วัน)
match-accepted = แมตช์ { $id }: { $creating } พบ { $accepting } สูงสุด { $boards } กระดาน ผู้เล่นสมัครในช่องของฝั่งตนด้วย /team match join แล้วผู้ดูแลเริ่มด้วย /team match start
match-other-side = คุณสมัครเล่นให้ { $team } แล้ว: ผู้เล่นหนึ่งคนเล่นได้ฝั่งเดียวในแมตช์
match-already-joined = คุณสมัครแมตช์นี้แล้ว
match-joined = { $name } เล่นให้ { $team } (สมัครแล้ว { $count } คน)
match-not-member = คุณไม่ได้สมัครฝั่งนี้ของแมตช์
match-left = { $name } ไม่ได้เล่นให้ { $team } แล้ว
match-not-accepted = อีกชุมชนยังไม่รับแมตช์นี้: ผู้เล่นสมัครได้หลังจากรับแล้ว
match-already-started = แมตช์ { $id } เริ่มแล้ว (หรือจบแล้ว)
match-too-few = แต่ละฝั่งต้องมีผู้เล่นสมัครอย่างน้อยหนึ่งคน (/team match join) ก่อนเริ่ม
match-started = แมตช์ { $id } เริ่ม: { $creating } พบ { $accepting } { $boards } กระดาน จับคู่ตามเรตติ้ง ผู้เล่นแต่ละคนได้ที่ของตัวเองสำหรับแต่ละเกม
match-pairing = กระดาน { $board } เกม { $round }: { $white } (ขาว) พบ { $black }
match-game-started = กระดาน { $board } เกม { $round } ของแมตช์ { $id }: { $white } (ขาว) พบ { $black } ขาวเดินภายใน { $deadline }
match-no-place = เปิดที่ของเกม { $game } ในแมตช์ ({ $white } พบ { $black }) ไม่ได้ เกมรอโดยไม่เดินนาฬิกาและจะลองใหม่
match-board = กระดาน { $board }
match-board-round = กระดาน { $board } เกม { $round }
match-no-result = ไม่มีผล
match-playing = กำลังเล่น
match-standings-title = แมตช์ { $id }: { $creating } { $creating_points } – { $accepting_points } { $accepting } (จบ { $done } จาก { $games } เกม)
match-standings-row = { $board }: { $players }, { $state }
match-standings-header = กระดาน | ขาว – ดำ | ผล | | |
match-over = แมตช์ { $id } จบแล้ว: { $winner } ชนะ { $creating_points } – { $accepting_points }
match-over-tie = แมตช์ { $id } จบแล้ว: เสมอ { $creating_points } – { $accepting_points }
match-signups = ผู้สมัครแมตช์ { $id }: { $creating }: { $creating_players }; { $accepting }: { $accepting_players }
match-no-abort = เกมในแมตช์ทีมยกเลิกไม่ได้ ให้ยอมแพ้แทน

## The /team command on Discord
cmd-team =
    .description = เล่นเป็นทีม: ช่องนี้เล่นเป็นทีม สมาชิกโหวตตาเดิน

cmd-team-challenge =
    .description = ท้าทีมของช่องอื่น เอนจิน หรือ (ถ้าไม่ระบุ) เซิร์ฟเวอร์อื่นด้วยรหัส
    .option-channel-description = ช่องที่คุณท้าทีม (เซิร์ฟเวอร์นี้)
    .option-level-description = หรือเล่นกับเอนจิน: ระดับ 1 (อ่อนสุด) ถึง 8
    .option-days-description = จำนวนวันต่อตา 1 ถึง 14 (ค่าเริ่มต้น 2)
    .option-color-description = สีของทีมนี้ (ค่าเริ่มต้น: สุ่ม)
    .option-rules-description = house (ค่าเริ่มต้น) หรือ fide

cmd-team-accept =
    .description = รับคำท้าแบบทีมของช่องนี้ หรือของเซิร์ฟเวอร์อื่นด้วยรหัส
    .option-code-description = รหัสคำท้าแบบทีมของเซิร์ฟเวอร์อื่น (ผู้ดูแล)

cmd-team-votes =
    .description = ผลโหวตที่กำลังเปิดอยู่ของช่องนี้

cmd-team-close =
    .description = ปิดโหวตของช่องนี้ทันที (ผู้ดูแล)

cmd-team-members =
    .description = สมาชิกที่ระบุชื่อของทีม ผู้ดูแลเพิ่มหรือลบได้
    .option-add-description = ระบุชื่อสมาชิกนี้ (ผู้ดูแล)
    .option-remove-description = ลบสมาชิกนี้ออก (ผู้ดูแล)
    .option-only-description = เฉพาะสมาชิกที่ระบุชื่อโหวตให้ทีม (ผู้ดูแล)

cmd-team-match =
    .description = แมตช์ระหว่างเซิร์ฟเวอร์นี้กับอีกเซิร์ฟเวอร์: แต่ละกระดานเป็นเกมของผู้เล่นสองคน

cmd-team-match-create =
    .description = สร้างแมตช์กับเซิร์ฟเวอร์อื่น (ผู้ดูแล): ได้รหัสตอบกลับ
    .option-boards-description = จำนวนกระดาน 1 ถึง 32 (น้อยกว่านี้ถ้าฝั่งหนึ่งมีผู้สมัครน้อยกว่า)
    .option-days-description = วันต่อตา 1 ถึง 14 (ค่าเริ่มต้น 2)
    .option-rounds-description = 2 เพื่อเล่นแต่ละกระดานสองเกมโดยสลับสี (ค่าเริ่มต้น 1)

cmd-team-match-accept =
    .description = รับแมตช์ของเซิร์ฟเวอร์อื่นด้วยรหัส ช่องนี้เป็นฝั่งของคุณ (ผู้ดูแล)
    .option-code-description = รหัสที่เซิร์ฟเวอร์อื่นได้รับตอนสร้างแมตช์

cmd-team-match-join =
    .description = สมัครเล่นให้ฝั่งของช่องนี้ในแมตช์

cmd-team-match-leave =
    .description = ออกจากฝั่งของช่องนี้ก่อนแมตช์เริ่ม

cmd-team-match-start =
    .description = เริ่มแมตช์: จับคู่กระดานตามเรตติ้ง ทุกเกมพร้อมกัน (ผู้ดูแล)

cmd-team-match-standings =
    .description = ผู้สมัครแมตช์ หรือตารางคะแนนเป็นข้อความและภาพ

## Endgame tables (tablebase claims and adjudication)

tablebase-rule-set = { $rule ->
        [off] ตารางปิดเกม: ปิด เกมที่นี่จบตามปกติ
        [claim] ตารางปิดเกม: ในตาของคุณ `claim` ในตำแหน่งที่มีหมากไม่เกินที่ตารางมี จะจบเกมตามคำตัดสินของตาราง (ชนะ หรือเสมอ; ชนะแต่ติดกฎ 50 ตาถือว่าเสมอ) ผู้เล่นทั้งสองดูตารางได้
       *[auto] ตารางปิดเกม: การเดินเข้าสู่ตำแหน่งที่ตารางมี จะจบเกมทันทีตามผลของตาราง ผู้เล่นทั้งสองดูตารางได้
    }
tablebase-rule-current = ตารางปิดเกม: { $rule ->
        [claim] อ้างผลได้
       *[auto] ตัดสินอัตโนมัติ
    }
tablebase-none = บอตนี้ไม่มีตารางปิดเกม (เจ้าของตั้งค่า CHESSBOT_SYZYGY_PATH): กฎตารางปิดเกมตั้งได้เพียงปิด
tablebase-bad-rule = ไม่รู้จักกฎตารางปิดเกม "{ $given }": off, claim หรือ auto
tablebase-claim-lost = ตารางปิดเกมบอกว่า { $player } แพ้ในตำแหน่งนี้: ปฏิเสธการอ้าง เกมดำเนินต่อ
tablebase-claim-lost-move = หลัง { $san } ตารางปิดเกมบอกว่า { $player } แพ้: ปฏิเสธการอ้าง ไม่เดินตานั้น เกมดำเนินต่อ
tablebase-unavailable = ตารางปิดเกมตัดสินตำแหน่งนี้ไม่ได้ ({ $error }): เกมดำเนินต่อ
tablebase-not-in-tables = ตารางปิดเกมมีเฉพาะตำแหน่งที่มีหมากไม่เกิน { $max } ตัวและไม่มีสิทธิ์เข้าป้อม: ยังไม่มีอะไรให้อ้าง

## หมากรุกเป็นคำ: ตำแหน่งเป็นข้อความ (คำบรรยายของทุกรูป,
## `board text:`, `board square:`, `board piece:`, `settings images:`)

words-piece = { $one ->
    [yes] { $role ->
        [king] คิง
        [queen] ควีน
        [rook] เรือ
        [bishop] บิชอป
        [knight] ม้า
       *[pawn] เบี้ย
    }
   *[no] { $role ->
        [king] คิงทั้งหมด
        [queen] ควีนทั้งหมด
        [rook] เรือทั้งหมด
        [bishop] บิชอปทั้งหมด
        [knight] ม้าทั้งหมด
       *[pawn] เบี้ยทั้งหมด
    }
}

words-side = { $color ->
    [white] ขาว
   *[black] ดำ
}: { $pieces }

words-to-move = ตาของ{ $color ->
    [white] ขาว
   *[black] ดำ
}{ $check ->
    [yes] ถูกรุก
   *[no] {""}
}

words-result = { $case ->
    [mate] รุกจน: { $color ->
        [white] ขาว
       *[black] ดำ
    }ชนะ
    [win] { $color ->
        [white] ขาว
       *[black] ดำ
    }ชนะ
    [stalemate] อับ: เสมอ
   *[draw] เสมอ
}

words-last-move = ตาล่าสุด: { $color ->
    [white] ขาว
   *[black] ดำ
} { $san }, { $words }

words-move = { $kind ->
    [castle-king] เข้าป้อมฝั่งคิง
    [castle-queen] เข้าป้อมฝั่งควีน
    [en-passant] { $piece } จาก { $from } ไป { $to } กินเบี้ยแบบอ็องปาซ็อง
   *[normal] { $piece } จาก { $from } ไป { $to }{ $capture ->
        [pawn] {" "}กินเบี้ย
        [knight] {" "}กินม้า
        [bishop] {" "}กินบิชอป
        [rook] {" "}กินเรือ
        [queen] {" "}กินควีน
       *[none] {""}
    }{ $promotion ->
        [knight] {" "}เลื่อนเป็นม้า
        [bishop] {" "}เลื่อนเป็นบิชอป
        [rook] {" "}เลื่อนเป็นเรือ
        [queen] {" "}เลื่อนเป็นควีน
       *[none] {""}
    }
}

words-players = { $white } (ขาว) พบ { $black } (ดำ)

words-square = { $square }: { $piece }{ $color ->
    [white] ขาว
   *[black] ดำ
}

words-square-empty = { $square }: ว่าง

words-attackers = ถูกโจมตีโดย{ $color ->
    [white] ขาว
   *[black] ดำ
}: { $pieces }

words-none = ไม่มี

words-piece-places = { $piece }: ขาว { $white }; ดำ { $black }

words-time-left = { $name } เหลือเวลาเดิน { $left }

words-banks = นาฬิกา: ขาว { $white }, ดำ { $black }

words-draw-offer = { $name } ขอเสมอ

words-unknown-piece = `{ $given }` ไม่ใช่ชนิดของหมาก: เขียน K, Q, R, B, N หรือ P หรือชื่อ เช่น ม้า

words-bad-square = `{ $given }` ไม่ใช่ช่อง: เขียนคอลัมน์ a-h และแถว 1-8 เช่น e4

words-card = การ์ดสรุปเกม: { $white } (ขาว) พบ { $black } (ดำ) ผล { $result } ตำแหน่งสุดท้าย:
words-animation = ภาพเคลื่อนไหวของเกม { $white } (ขาว) พบ { $black } (ดำ) ทีละตาจนจบ ผล { $result }
words-images-off = กระดานส่วนตัว ข้อความส่วนตัว และการแจ้งเตือนของคุณจะมาเป็นคำแทนรูปแล้ว `/chess settings images:on` เพื่อกลับมาใช้รูป
words-images-on = กระดานส่วนตัว ข้อความส่วนตัว และการแจ้งเตือนของคุณจะมาเป็นรูปอีกครั้ง (แต่ละรูปมีคำบรรยาย)

## The first hour, round 2, and the correspondence desk

help-example = ตัวอย่าง: { $example }
option-out-of-range = `{ $value }` อยู่นอกช่วงของ `{ $name }`: ใช้ { $range }
option-choices = `{ $value }` ไม่ใช่ค่าที่ใช้ได้ของ `{ $name }`: เลือกจาก { $choices }
one-move-at-a-time = เดินทีละตา: `/chess move { $first }` ถ้าจะตอบตาที่คาดว่าคู่แข่งจะเดินไว้ล่วงหน้า ใช้ `/chess premove line:"..."`
time-means-days = ไม่มีตัวเลือก `time:` เวลาของเกมทางไกลคือ `days:1-14` (วันต่อตา) คลังเวลาด้วย `bank:` และ `increment:` (เป็นวัน) หรือ `control:daily|iccf|blitz-days`
name-in-quotes = ชื่อที่มีเว้นวรรคต้องอยู่ในเครื่องหมายคำพูด: `/chess { $command } name:"{ $name }"`
league-actions = `/chess league` ต้องมีคำสั่งย่อย: create, join, leave, start, standings, cancel, withdraw หรือ export ตัวอย่าง: `/chess league create name:"Winter Cup"`; `/chess help league` แสดงตัวเลือก
console-no-slash = คำสั่งขึ้นต้นด้วย `/chess` (หรือ `!chess`, `/team`): `{ $line }`
desk-game-line = เกม { $id } ใน { $where } ({ $white } – { $black }) ตาคุณเดิน ภายใน { $until }
desk-next-game = เกมถัดไปที่รอคุณ: { $game }
desk-next-button = ไปที่เกม #{ $id }
desk-digest-on = สรุปประจำวันของคุณจะมาเวลา { $hour } { $zone } (ครั้งถัดไป: { $next }): เกมที่รอคุณเดิน แทนการแจ้งทุกตา การเตือนก่อนหมดเวลายังมาเหมือนเดิม `/chess notify digest:off` เพื่อยกเลิก
desk-digest-off = ยกเลิกสรุปประจำวันแล้ว: การแจ้งว่าถึงตาคุณจะมาตาม `/chess notify where:` อีกครั้ง
desk-digest-none = คุณไม่มีสรุปประจำวัน `/chess notify digest:8` จะส่งให้ทุกวันเวลา 8:00 (เพิ่ม `tz:+7` สำหรับเขตเวลาของคุณ)
desk-digest-heading = { $count } เกมรอคุณเดิน:
import-start-unnamed = เล่นต่อจาก PGN หลังเดินไป { $moves } ตา; ไม่คิดเรตติ้ง
import-challenge = คำท้านี้เป็นการเล่นต่อจาก PGN: เริ่มที่ตาที่ { $number } { $side ->
        [white] ฝ่ายขาว
       *[black] ฝ่ายดำ
    }เดิน (ไม่คิดเรตติ้ง)

## Player links: a player's own playable page of their game

play-link = กระดานของคุณ (สำหรับคุณคนเดียว ใช้เดินได้จนจบเกม): { $url }
play-stale = เกมเดินต่อไปแล้วหลังจากหน้าของคุณแสดงผล: โปรดดูกระดานอีกครั้ง
play-confirm-resign = กดยอมแพ้อีกครั้งเพื่อยืนยัน
play-no-chat = ตอนนี้การเดินจากหน้าเว็บส่งไปที่แชทไม่ได้: โปรดใช้คำสั่งในแชท
play-game-over = เกมนี้จบแล้ว
play-button = เล่นบนกระดาน

## Player pages on Discord and Matrix: the board button's refusal, direct rooms

play-button-players-only = เฉพาะผู้เล่นของเกมนี้เท่านั้นที่ได้กระดานสำหรับเล่น ขณะที่เกมยังดำเนินอยู่
matrix-direct-room-no-pages = ห้องส่วนตัวไม่มีหน้าสำหรับผู้ชม
